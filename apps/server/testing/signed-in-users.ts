import { expect } from 'vitest';
import type { UserRole } from '../src/platform/db/schema.ts';
import { fixturePasswordHash } from './fixture-password-hash.ts';
import { SiteClient } from './site-client.ts';
import type { TestJiffy } from './test-jiffy.ts';

export const TEST_PASSWORD = 'a long enough password';

/**
 * Confirmed users (id `id<name>`, display name `<NAME>`, e-mail `<name>@example.com`), each
 * signed in on a client of its own that carries the session and CSRF cookies.
 */
export async function signedInUsers(
  t: TestJiffy,
  people: [name: string, role: UserRole][],
): Promise<Record<string, SiteClient>> {
  const passwordHash = await fixturePasswordHash(TEST_PASSWORD);
  const clients: Record<string, SiteClient> = {};
  for (const [name, role] of people) {
    await t.jiffy.services.users.insert({
      id: `id${name}`,
      username: name,
      display_name: name.toUpperCase(),
      email: `${name}@example.com`,
      password_hash: passwordHash,
      email_confirmed_at: new Date(),
      role,
    });
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    expect(
      (await client.post('/api/v3/login', { login: name, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    clients[name] = client;
  }
  return clients;
}

/**
 * The permission matrix's cast, each signed in on a client of its own: `ann` (who owns what a
 * test makes), `ben` (another user), `cat` (a creator), `mod` (a moderator), `adm` (an admin);
 * and `visitor`, signed out but holding the CSRF cookie, as a browser that opened a page.
 */
export async function permissionMatrix(
  t: TestJiffy,
): Promise<{ users: Record<string, SiteClient>; visitor: SiteClient }> {
  const users = await signedInUsers(t, [
    ['ann', 'user'],
    ['ben', 'user'],
    ['cat', 'creator'],
    ['mod', 'moderator'],
    ['adm', 'admin'],
  ]);
  const visitor = new SiteClient(t.jiffy.app);
  await visitor.get('/login/check');
  return { users, visitor };
}
