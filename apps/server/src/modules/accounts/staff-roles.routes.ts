import { roleChangeAnswer, staffCandidateAnswer, staffListAnswer } from '@jiffy/contracts';
import type { FastifyInstance } from 'fastify';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { presentStaffMember } from './staff-member.presenter.ts';
import {
  roleChangeBody,
  roleChangeParams,
  staffCandidateQuery,
  staffListQuery,
} from './staff-roles-input.schema.ts';
import type { StaffRoleService } from './staff-roles.service.ts';

/**
 * The Staff page's calls (admins only): who the moderators and admins are, finding a user to
 * appoint, and giving or taking back a staff role. Site API calls: a session (or personal
 * token) and the CSRF echo on the change.
 */
export function staffRolesRoutes(
  app: FastifyInstance,
  deps: { staffRoles: StaffRoleService },
): void {
  const tags = ['Staff roles'];
  const auth = 'session-or-token';

  const list = documented({
    summary: 'Every moderator and admin, admins first (admins)',
    tags,
    query: staffListQuery,
    responses: { 200: staffListAnswer },
    auth,
  });
  app.get('/api/v4/staff', list, async (request, reply) => {
    parseInput(staffListQuery, request.query);
    const staff = await deps.staffRoles.staff(request.principal);
    return reply.header('cache-control', 'private, no-store').send({
      data: staff.map(presentStaffMember),
    });
  });

  const candidate = documented({
    summary: 'Find a user by username, to appoint (admins)',
    errors: ['user_not_found'],
    tags,
    query: staffCandidateQuery,
    responses: { 200: staffCandidateAnswer },
    auth,
  });
  app.get('/api/v4/staff/candidates', candidate, async (request, reply) => {
    const { username } = parseInput(staffCandidateQuery, request.query);
    const user = await deps.staffRoles.findByUsername(request.principal, username);
    return reply
      .header('cache-control', 'private, no-store')
      .send({ data: presentStaffMember(user) });
  });

  const setRole = documented({
    summary: 'Give a user a staff role, or take it back (admins)',
    errors: ['user_not_found', 'last_admin'],
    description:
      '`moderator` or `admin` appoints; `user` takes a staff role back, returning the user to ' +
      'what they were before (a creator stays a creator). The last admin keeps the role ' +
      '(409 `last_admin`). Written to the moderation audit log.',
    tags,
    params: roleChangeParams,
    body: roleChangeBody,
    responses: { 200: roleChangeAnswer },
    auth,
  });
  app.put('/api/v4/users/:id/role', setRole, async (request) => {
    const actor = request.principal;
    const { id } = parseInput(roleChangeParams, request.params);
    const { role } = parseInput(roleChangeBody, request.body ?? {});
    const change = await deps.staffRoles.setRole(actor, id, role);
    return {
      data: {
        user: presentStaffMember(change.user),
        previous_role: change.previousRole,
        changed: change.changed,
      },
    };
  });
}
