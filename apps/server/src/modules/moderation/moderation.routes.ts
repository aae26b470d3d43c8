import type { FastifyInstance } from 'fastify';
import {
  auditLogAnswer,
  myTakedownsAnswer,
  restoredAnswer,
  takedownAnswer,
} from '@jiffy/contracts';
import { gifIdParams } from '../../platform/http/input-schemas.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { auditLogQuery, restoreBody, takedownBody } from './moderation-input.schema.ts';
import type { ModerationService } from './moderation.service.ts';
import { presentAuditEntry, presentTakedown } from './moderation.presenter.ts';

/**
 * Takedowns (`content-takedown`) and restores, owners' deletes and the audit log. Site API
 * calls: a session (or personal token) and the CSRF echo on every change.
 */
export function moderationRoutes(
  app: FastifyInstance,
  deps: { moderation: ModerationService },
): void {
  const tags = ['Moderation'];
  const auth = 'session-or-token';
  const takedown = documented({
    summary: 'Take a GIF down (moderators)',
    errors: ['gif_not_found', 'gif_already_removed', 'gif_processing'],
    description: 'Its files are quarantined until restored or purged; its open reports resolved.',
    tags,
    body: takedownBody,
    responses: { 200: takedownAnswer },
    auth,
  });
  app.post('/api/v3/content-takedown/takedown', takedown, async (request) => {
    const user = request.principal;
    const input = parseInput(takedownBody, request.body ?? {});
    const outcome = await deps.moderation.takedown(user, {
      gifId: input.gif_id,
      reason: input.reason,
      note: input.note,
      sendEmail: input.send_email,
    });
    return {
      data: {
        ...presentTakedown(outcome.takedown),
        status: 'removed',
        reports_resolved: outcome.reportsResolved,
      },
    };
  });

  const restore = documented({
    summary: 'Restore a GIF taken down (moderators)',
    errors: ['gif_not_found', 'gif_not_removed', 'gif_not_restorable'],
    tags,
    body: restoreBody,
    responses: { 200: restoredAnswer },
    auth,
  });
  app.post('/api/v3/content-takedown/restore', restore, async (request) => {
    const user = request.principal;
    const input = parseInput(restoreBody, request.body ?? {});
    const gif = await deps.moderation.restore(user, input.gif_id);
    return { data: { gif_id: gif.id, status: gif.status } };
  });

  const mine = documented({
    summary: "Takedowns of the caller's GIFs",
    tags,
    responses: { 200: myTakedownsAnswer },
    auth,
  });
  app.get('/api/v3/content-takedown/mine', mine, async (request) => {
    const takedowns = await deps.moderation.myTakedowns(request.principal);
    return { data: takedowns.map(presentTakedown) };
  });

  const remove = documented({
    summary: 'Delete a GIF (its owner or staff)',
    errors: ['gif_not_found', 'gif_already_removed', 'gif_processing'],
    tags,
    params: gifIdParams,
    responses: { 204: null },
    auth,
  });
  app.delete('/api/v1/gifs/:id', remove, async (request, reply) => {
    const user = request.principal;
    const { id } = parseInput(gifIdParams, request.params);
    await deps.moderation.deleteGif(user, id);
    return reply.status(204).send();
  });

  const auditLog = documented({
    summary: 'The moderation audit log, newest first (staff)',
    tags,
    query: auditLogQuery,
    responses: { 200: auditLogAnswer },
    auth,
  });
  app.get('/api/v3/moderation/audit-log', auditLog, async (request) => {
    const user = request.principal;
    const query = parseInput(auditLogQuery, request.query);
    const page = await deps.moderation.auditLogPage(user, {
      cursor: query.cursor ?? null,
      limit: query.limit,
    });
    return {
      data: page.entries.map(presentAuditEntry),
      pagination: { next_cursor: page.nextCursor === null ? null : String(page.nextCursor) },
    };
  });
}
