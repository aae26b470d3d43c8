import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  creatorApplicationAnswer,
  DECISION_NOTE_MAX,
  myApplicationAnswer,
  pendingApplicationsAnswer,
} from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { principalOf } from '../../platform/http/route-auth.ts';
import { presentOwnApplication } from './creator-application.presenter.ts';
import type { CreatorApplicationService } from './creator-application.service.ts';
import { authorize } from './permissions.ts';

const applyBody = z.strictObject({
  message: z.string().trim().min(10).max(2000),
  portfolio_url: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'must be an http(s) URL')
    .optional(),
});
const reviewParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9]{1,40}$/),
  decision: z.enum(['approve', 'reject']),
});
/** The note is optional: a decision may come with no body at all. */
const reviewBody = z.strictObject({
  note: z.string().trim().max(DECISION_NOTE_MAX).optional(),
});

/**
 * Becoming a verified creator: a signed-in user applies once at a time,
 * and a moderator approves (role creator, verified badge) or rejects.
 */
export function creatorApplicationsRoutes(
  app: FastifyInstance,
  deps: { applications: CreatorApplicationService },
): void {
  const tags = ['Accounts'];
  const apply = documented({
    summary: 'Apply to become a verified creator (signed in)',
    tags,
    body: applyBody,
    responses: { 201: creatorApplicationAnswer },
    auth: 'session',
  });
  app.post('/api/v3/creator-applications', apply, async (request, reply) => {
    const user = principalOf(request);
    const input = parseInput(applyBody, request.body ?? {});
    const id = await deps.applications.apply(user, {
      message: input.message,
      portfolioUrl: input.portfolio_url ?? null,
    });
    return reply.status(201).send({ data: { id, status: 'pending' } });
  });

  const mine = documented({
    summary: "The caller's latest application and what became of it (signed in)",
    description: '`data` is null when the caller never applied.',
    tags,
    responses: { 200: myApplicationAnswer },
    auth: 'session',
  });
  app.get('/api/v3/creator-applications/mine', mine, async (request) => {
    const user = principalOf(request);
    return { data: presentOwnApplication(await deps.applications.latestOf(user)) };
  });

  const pending = documented({
    summary: 'Applications waiting for review (moderators)',
    tags,
    responses: { 200: pendingApplicationsAnswer },
    auth: 'session',
  });
  app.get('/api/v3/creator-applications', pending, async (request) => {
    authorize(request.principal, 'application.review');
    return { data: await deps.applications.listPending(100) };
  });

  const decide = documented({
    summary: 'Approve or reject an application (moderators)',
    description:
      'An optional `note` is shown to the applicant with the decision, on their /apply page.',
    tags,
    params: reviewParams,
    body: reviewBody,
    responses: { 200: creatorApplicationAnswer },
    auth: 'session',
  });
  app.post('/api/v3/creator-applications/:id/:decision', decide, async (request) => {
    const reviewer = request.principal;
    authorize(reviewer, 'application.review');
    const { id, decision } = parseInput(reviewParams, request.params);
    const { note } = parseInput(reviewBody, request.body ?? {});
    const status = decision === 'approve' ? 'approved' : 'rejected';
    await deps.applications.decide({ id, reviewerId: reviewer.id, status, note: note || null });
    return { data: { id, status } };
  });
}
