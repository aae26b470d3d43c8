import type { Kysely } from 'kysely';
import type { Database, UserRole, UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AuditLogRepository } from '../audit-log/index.ts';
import type { UserRepository } from '../users/index.ts';
import { authorize, type Actor } from './permissions.ts';

/** The roles an admin (or the operator) can give: 'user' takes a staff role back. */
export const staffRoleChoices = ['user', 'moderator', 'admin'] as const;
export type StaffRoleChoice = (typeof staffRoleChoices)[number];

/** What a role change did: the user as they are now, and the role they had. */
export interface RoleChange {
  user: UserRow;
  previousRole: UserRole;
  /** False when the user already had the role asked for (nothing written). */
  changed: boolean;
}

/** Who made a change, as the audit log records it. */
interface ChangedBy {
  actorUserId: string | null;
  actorNote: string | null;
}

/**
 * The role and remembered earlier role a user has after `choice`. A staff role remembers what
 * the user was before their first one (a creator stays a creator underneath); taking the staff
 * role back ('user') returns them to it. 'user' leaves a user or creator who is not staff as
 * they are: creators are made by creator applications, not here.
 */
function roleAfter(
  user: UserRow,
  choice: StaffRoleChoice,
): { role: UserRole; roleBeforeStaff: 'user' | 'creator' | null } {
  const isStaff = user.role === 'moderator' || user.role === 'admin';
  if (choice === 'user') {
    return isStaff
      ? { role: user.role_before_staff ?? 'user', roleBeforeStaff: null }
      : { role: user.role, roleBeforeStaff: user.role_before_staff };
  }
  const before = isStaff ? user.role_before_staff : (user.role as 'user' | 'creator');
  return { role: choice, roleBeforeStaff: before };
}

/**
 * Who is staff, and changing it: admins from the site, the operator from the server's command
 * line. Every change is serialised with every other (so the last admin is never demoted, even by
 * two admins demoting each other at once) and written to the audit log in the same transaction.
 * Sessions and tokens read the user's role on every request, so a change holds from the user's
 * next request.
 */
export class StaffRoleService {
  readonly #deps: { db: Kysely<Database>; users: UserRepository; auditLog: AuditLogRepository };

  constructor(deps: { db: Kysely<Database>; users: UserRepository; auditLog: AuditLogRepository }) {
    this.#deps = deps;
  }

  /** Every moderator and admin (admins only). */
  async staff(actor: Actor | null): Promise<UserRow[]> {
    authorize(actor, 'staff.appoint');
    return this.#deps.users.staffMembers();
  }

  /** The user with this username, to appoint (admins only); `user_not_found` when none. */
  async findByUsername(actor: Actor | null, username: string): Promise<UserRow> {
    authorize(actor, 'staff.appoint');
    return this.#existing(await this.#deps.users.findByUsername(username));
  }

  /** An admin gives user `userId` a staff role, or takes it back ('user'). */
  async setRole(actor: Actor | null, userId: string, choice: StaffRoleChoice): Promise<RoleChange> {
    authorize(actor, 'staff.appoint');
    return this.#change(userId, choice, { actorUserId: actor.id, actorNote: null });
  }

  /**
   * The operator's change (`npm run admin`): whoever owns the server's data needs no account;
   * `note` names them in the audit log.
   */
  async setRoleAsOperator(
    username: string,
    choice: StaffRoleChoice,
    note: string,
  ): Promise<RoleChange> {
    const user = this.#existing(await this.#deps.users.findByUsername(username));
    return this.#change(user.id, choice, { actorUserId: null, actorNote: note });
  }

  #existing(user: UserRow | undefined): UserRow {
    if (!user) throw new AppError('user_not_found', 'No user has that name.');
    return user;
  }

  async #change(userId: string, choice: StaffRoleChoice, by: ChangedBy): Promise<RoleChange> {
    const { db, users, auditLog } = this.#deps;
    return db.transaction().execute(async (trx) => {
      await users.lockRoleChanges(trx);
      const user = this.#existing(await users.findById(userId, trx));
      const next = roleAfter(user, choice);
      if (next.role === user.role) return { user, previousRole: user.role, changed: false };
      if (user.role === 'admin' && (await users.countAdmins(trx)) <= 1) {
        throw new AppError(
          'last_admin',
          `${user.username} is the only admin: make someone else an admin first.`,
        );
      }
      await users.setRole(trx, user.id, next);
      await auditLog.write(trx, {
        actorUserId: by.actorUserId,
        actorNote: by.actorNote,
        action: 'user.set_role',
        gifId: null,
        subjectUserId: user.id,
        before: { role: user.role },
        after: { role: next.role },
      });
      const updated = { ...user, role: next.role, role_before_staff: next.roleBeforeStaff };
      return { user: updated, previousRole: user.role, changed: true };
    });
  }
}
