import type { StaffMember } from '@jiffy/contracts';
import type { UserRow } from '../../platform/db/schema.ts';

/** A user as the Staff page shows them (never their e-mail or anything private). */
export function presentStaffMember(user: UserRow): StaffMember {
  const isStaff = user.role === 'moderator' || user.role === 'admin';
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    returns_to: isStaff ? (user.role_before_staff ?? 'user') : null,
  };
}
