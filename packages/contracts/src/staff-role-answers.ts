import { z } from 'zod';
import { siteData } from './site-answers.ts';

const roles = z.enum(['user', 'creator', 'moderator', 'admin']);

/** A user as the Staff page shows them: who they are, their role, what revoking returns them to. */
export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  role: roles,
  /** The role taking their staff role back would give them; null for those who are not staff. */
  returns_to: z.enum(['user', 'creator']).nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `GET /api/v4/staff`: every moderator and admin, admins first. */
export const staffListAnswer = siteData(z.array(staffMemberSchema));
/** `GET /api/v4/staff/candidates`: the user with the username asked for. */
export const staffCandidateAnswer = siteData(staffMemberSchema);
/** `PUT /api/v4/users/{id}/role`: the user after the change, and the role they had. */
export const roleChangeAnswer = siteData(
  z.object({ user: staffMemberSchema, previous_role: roles, changed: z.boolean() }),
);
