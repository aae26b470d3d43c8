import { makeAdmin, type StaffRoleService } from '../../modules/accounts/index.ts';
import type { UserRole } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { UserRepository } from '../../modules/users/index.ts';
import type { OperatorAnswer, OperatorRequest } from './operator-protocol.ts';

/** How the audit log names the operator, who acts without an account. */
export const OPERATOR_NOTE = 'operator: npm run admin';

const named = (role: UserRole) => (role === 'admin' ? 'an admin' : `a ${role}`);

/**
 * Does what the operator asked, the same way whether the admin CLI opened the database itself
 * or asked the running server; a refusal (an unknown user, the last admin) is an answer too.
 */
export async function runOperatorCommand(
  deps: { users: UserRepository; staffRoles: StaffRoleService },
  request: OperatorRequest,
): Promise<OperatorAnswer> {
  try {
    if (request.command === 'create') {
      const outcome = await makeAdmin(
        deps,
        { username: request.username, email: request.email },
        OPERATOR_NOTE,
      );
      if (outcome.kind === 'created') {
        return {
          ok: true,
          message: `Created admin ${outcome.username}. Password (shown once; change it after signing in): ${outcome.password}`,
        };
      }
      return {
        ok: true,
        message: `${outcome.username} ${outcome.kind === 'promoted' ? 'is now' : 'is already'} an admin.`,
      };
    }
    const change = await deps.staffRoles.setRoleAsOperator(
      request.username,
      request.role,
      OPERATOR_NOTE,
    );
    const { username, role } = change.user;
    if (!change.changed) {
      const staff = role === 'moderator' || role === 'admin';
      return {
        ok: true,
        message: staff
          ? `${username} is already ${named(role)}.`
          : `${username} has no staff role (${named(role)}); nothing changed.`,
      };
    }
    return {
      ok: true,
      message: `${username} is now ${named(role)} (was ${named(change.previousRole)}).`,
    };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message };
    throw error;
  }
}
