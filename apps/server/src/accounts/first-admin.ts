import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newUserId } from '../lib/ids.ts';
import type { UserRepository } from '../users/user.repository.ts';
import { hashPassword } from './password-hash.ts';
import { newSecret } from './secret-token.ts';

export type AdminOutcome =
  | {
      kind: 'created';
      username: string;
      /** Set when Jiffy chose it; shown once. */ password: string | null;
    }
  | { kind: 'promoted'; username: string };

/**
 * Makes `username` an admin: promotes an existing user, or creates a confirmed account with the
 * given password (or a random one, returned so it can be shown once). Used by
 * `npm run admin -- create` and by JIFFY_ADMIN on first start.
 */
export async function makeAdmin(
  deps: { users: UserRepository; db: Kysely<Database> },
  request: { username: string; email: string | null; password?: string | undefined },
): Promise<AdminOutcome> {
  const existing = await deps.users.findByUsername(request.username);
  if (existing) {
    await deps.db
      .updateTable('users')
      .set({ role: 'admin', updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return { kind: 'promoted', username: existing.username };
  }
  const password = request.password ?? newSecret().slice(0, 20);
  await deps.users.insert({
    id: newUserId(),
    username: request.username,
    display_name: request.username,
    email: request.email,
    email_confirmed_at: new Date(),
    password_hash: await hashPassword(password),
    role: 'admin',
  });
  return {
    kind: 'created',
    username: request.username,
    password: request.password ? null : password,
  };
}

/** True once any admin exists; JIFFY_ADMIN only acts on an instance that has none. */
export async function hasAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
