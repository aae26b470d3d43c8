import { z } from 'zod';
import { userId } from '../../platform/http/input-schemas.ts';
import { staffRoleChoices } from './staff-roles.service.ts';

/** `GET /api/v4/staff` takes no parameters: any that come are a client's mistake, refused. */
export const staffListQuery = z.strictObject({});

/** `GET /api/v4/staff/candidates?username=`: the user an admin is about to appoint. */
export const staffCandidateQuery = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{2,30}$/, 'letters, digits and underscores, 2–30 characters'),
});

/** `PUT /api/v4/users/:id/role`. */
export const roleChangeParams = z.strictObject({ id: userId });
export const roleChangeBody = z.strictObject({
  role: z.enum(staffRoleChoices, { error: `one of ${staffRoleChoices.join(', ')}` }),
});
