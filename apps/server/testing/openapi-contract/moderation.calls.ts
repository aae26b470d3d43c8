import { expect } from 'vitest';
import { insertGifRow } from '../gif-rows.ts';
import { SiteClient } from '../site-client.ts';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/** Reports, flags, moderators' decisions, takedowns, the queue and the audit log. */
export async function moderationCalls(h: ContractHarness): Promise<void> {
  const { gifId, users } = h.seed;
  const ann = users.ann!;
  const mod = users.mod!;
  const boss = users.boss!; // restores and the audit log are an admin's
  const visitor = new SiteClient(h.t.jiffy.app);
  await visitor.get('/login/check'); // the CSRF cookie a visitor's page gets
  const gifs = h.t.jiffy.services.gifRepository;
  await insertGifRow(gifs, { id: 'report1', title: 'Reported cat', tags: ['cat'] });
  await insertGifRow(gifs, { id: 'doomed1', title: 'Doomed cat', tags: ['cat'] });

  // Anyone reports a GIF or a page of search results; a signed-in user flags.
  await h.site(visitor, 'POST', '/api/v1/gifs/report1/reports', 201, { reason: 'spam' });
  await h.site(visitor, 'POST', '/api/v1/gifs/report1/reports', 400, { reason: 'boring' });
  await h.site(ann, 'POST', '/api/v1/gifs/report1/reports', 201, { reason: 'other', note: 'x' });
  await h.site(ann, 'GET', '/api/v1/gif-reports', 403);
  const open = (await h.site(mod, 'GET', '/api/v1/gif-reports', 200)) as Data<unknown[]>;
  expect(open.data.length).toBeGreaterThanOrEqual(2);
  await h.site(ann, 'POST', `/api/v1/gifs/${gifId}/moderation`, 201, {
    reason: 'other',
    rating: 'pg',
  });
  await h.site(ann, 'POST', `/api/v1/gifs/${gifId}/moderation`, 200, { reason: 'spam' });
  await h.site(ann, 'POST', `/api/v1/gifs/${gifId}/moderation`, 403, { action: 'approve' });
  const search = await h.call({ url: `/v1/gifs/search?q=cat&api_key=${h.t.apiKey}` }, 200);
  const responseId = (search.meta as { response_id: string }).response_id;
  const searchReport = (await h.site(visitor, 'POST', '/ajax/report-search', 201, {
    reasons: ['spam'],
    search_response_id: responseId,
    search_term: 'cat',
    search_content_type: 'gifs',
  })) as Data<{ id: string; shown_gif_ids: string[] }>;
  expect(searchReport.data.shown_gif_ids.length).toBeGreaterThan(0);
  await h.site(visitor, 'POST', '/ajax/report-search', 400, { reasons: [] });

  // The queue holds each kind; moderators decide.
  const queue = (await h.site(mod, 'GET', '/api/v3/moderation/queue?limit=50', 200)) as Data<
    { kind: string }[]
  >;
  // (`automatic`: the site's upload is a near-duplicate of the API's, by another account.)
  expect(queue.data.map((item) => item.kind)).toEqual(
    expect.arrayContaining(['gif_report', 'flag', 'search_report', 'automatic']),
  );
  await h.site(mod, 'GET', '/api/v3/moderation/queue?kind=flag', 200);
  await h.site(mod, 'GET', '/api/v3/moderation/queue?kind=nothing', 400);
  await h.site(ann, 'GET', '/api/v3/moderation/queue', 403);
  await h.site(mod, 'POST', `/api/v3/moderation/search-reports/${searchReport.data.id}`, 200, {
    action: 'dismiss',
  });
  const decided = (await h.site(mod, 'POST', `/api/v1/gifs/${gifId}/moderation`, 200, {
    action: 'set_rating',
    rating: 'g',
  })) as Data<{ flags_resolved: number }>;
  expect(decided.data.flags_resolved).toBe(1);
  await h.site(mod, 'POST', '/api/v3/content-takedown/takedown', 200, {
    gif_id: 'report1',
    reason: 'spam',
    note: 'Spam',
  });
  await h.site(mod, 'POST', '/api/v3/content-takedown/takedown', 400, { gif_id: 'report1' });
  await h.site(ann, 'GET', '/api/v3/content-takedown/mine', 200);
  await h.site(mod, 'POST', '/api/v3/content-takedown/restore', 403, { gif_id: 'report1' });
  await h.site(boss, 'POST', '/api/v3/content-takedown/restore', 200, { gif_id: 'report1' });
  await h.site(boss, 'DELETE', '/api/v1/gifs/doomed1', 204);
  await h.site(ann, 'DELETE', `/api/v1/gifs/${gifId}`, 403);
  const log = (await h.site(boss, 'GET', '/api/v3/moderation/audit-log?limit=2', 200)) as {
    pagination: { next_cursor: string | null };
  };
  expect(log.pagination.next_cursor).not.toBeNull();
  await h.site(
    boss,
    'GET',
    `/api/v3/moderation/audit-log?cursor=${log.pagination.next_cursor}`,
    200,
  );
}
