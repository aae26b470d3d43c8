import { randomBytes } from 'node:crypto';
import type { SettingsRepository } from '../settings/settings.repository.ts';

/**
 * A secret of this instance, made once (32 random bytes) and kept in `instance_settings` under
 * `key`, so every node and every restart use the same one. A concurrent first start on another
 * node may store its own first: the stored one is read back, so all agree.
 */
export async function instanceSecret(settings: SettingsRepository, key: string): Promise<Buffer> {
  let stored = await settings.get<string>(key);
  if (!stored) {
    await settings.setIfAbsent(key, randomBytes(32).toString('base64url'));
    stored = await settings.get<string>(key);
  }
  return Buffer.from(stored!, 'base64url');
}
