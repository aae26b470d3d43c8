import type { StaffMember } from '@jiffy/contracts';
import { siteJson } from '../api/site-fetch.ts';

export type { StaffMember };

/** What an admin can give: a staff role, or 'user' to take it back. */
export type StaffRoleChoice = 'user' | 'moderator' | 'admin';

/** Every moderator and admin, admins first (`GET /api/v4/staff`). */
export function fetchStaff(): Promise<StaffMember[]> {
  return siteJson('/api/v4/staff');
}

/** The user with this username, to appoint (`GET /api/v4/staff/candidates`). */
export function findCandidate(username: string): Promise<StaffMember> {
  return siteJson(`/api/v4/staff/candidates?${new URLSearchParams({ username })}`);
}

/** Gives `userId` a staff role, or takes it back (`PUT /api/v4/users/:id/role`). */
export function setStaffRole(
  userId: string,
  role: StaffRoleChoice,
): Promise<{ user: StaffMember; previous_role: string; changed: boolean }> {
  return siteJson(`/api/v4/users/${encodeURIComponent(userId)}/role`, {
    method: 'PUT',
    json: { role },
  });
}
