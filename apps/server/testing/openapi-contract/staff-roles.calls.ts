import { expect } from 'vitest';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/**
 * The Staff page's calls: the staff list, finding a user, and a role given and taken back (ann
 * ends as the user she was), with the audit-log entry the change wrote.
 */
export async function staffRolesCalls(h: ContractHarness): Promise<void> {
  const { users } = h.seed;
  const boss = users.boss!;
  const staff = (await h.site(boss, 'GET', '/api/v4/staff', 200)) as Data<{ username: string }[]>;
  expect(staff.data.map((m) => m.username)).toEqual(['boss', 'mod']);
  await h.site(users.mod!, 'GET', '/api/v4/staff', 403);
  const ann = (await h.site(boss, 'GET', '/api/v4/staff/candidates?username=ann', 200)) as Data<{
    id: string;
  }>;
  await h.site(boss, 'GET', '/api/v4/staff/candidates?username=nobody', 404);
  const url = `/api/v4/users/${ann.data.id}/role`;
  await h.site(boss, 'PUT', url, 200, { role: 'moderator' });
  await h.site(boss, 'PUT', url, 400, { role: 'owner' });
  await h.site(users.mod!, 'PUT', url, 403, { role: 'admin' });
  await h.site(boss, 'PUT', url, 200, { role: 'user' });
  const log = (await h.site(boss, 'GET', '/api/v3/moderation/audit-log?limit=2', 200)) as Data<
    { action: string; subject: { username: string } | null }[]
  >;
  expect(log.data.map((e) => [e.action, e.subject?.username])).toEqual([
    ['user.set_role', 'ann'],
    ['user.set_role', 'ann'],
  ]);
}
