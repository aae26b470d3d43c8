import { newUserId } from '../../platform/lib/ids.ts';
import type { UserRepository } from '../users/index.ts';
import { hashPassword } from './password-hash.ts';
import { newSecret } from './secret-token.ts';
import type { StaffRoleService } from './staff-roles.service.ts';

export type AdminOutcome =
  | {
      kind: 'created';
      username: string;
      /** Set when Jiffy chose it; shown once. */ password: string | null;
    }
  | { kind: 'promoted'; username: string }
  | { kind: 'already_admin'; username: string };

/**
 * Makes `username` an admin: promotes an existing user, or creates a confirmed account with the
 * given password (or a random one, returned so it can be shown once). Used by
 * `npm run admin -- create` and by JIFFY_ADMIN on first start; `operatorNote` names which in
 * the audit log, where the promotion is written like any other role change.
 */
export async function makeAdmin(
  deps: { users: UserRepository; staffRoles: StaffRoleService },
  request: { username: string; email: string | null; password?: string | undefined },
  operatorNote: string,
): Promise<AdminOutcome> {
  const existing = await deps.users.findByUsername(request.username);
  if (existing) {
    const change = await deps.staffRoles.setRoleAsOperator(
      existing.username,
      'admin',
      operatorNote,
    );
    return { kind: change.changed ? 'promoted' : 'already_admin', username: existing.username };
  }
  const password = request.password ?? newSecret().slice(0, 20);
  // Created as a user, then promoted, so the audit log says who made this admin.
  await deps.users.insert({
    id: newUserId(),
    username: request.username,
    display_name: request.username,
    email: request.email,
    email_confirmed_at: new Date(),
    password_hash: await hashPassword(password),
    role: 'user',
  });
  await deps.staffRoles.setRoleAsOperator(request.username, 'admin', operatorNote);
  return {
    kind: 'created',
    username: request.username,
    password: request.password ? null : password,
  };
}
