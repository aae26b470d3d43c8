import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type QueueItem = {
  kind: string;
  id: string;
  gif_id: string | null;
  created_at: string;
  gif: {
    id: string;
    title: string;
    images: { original: { url: string } };
    moderation: { status: string; preview_url: string | null; history: { action: string }[] };
  } | null;
  shown_gifs?: { id: string }[];
  duplicate_gif?: { id: string } | null;
};
type QueueBody = { data: QueueItem[]; pagination: { next_cursor: string | null } };
const code = (response: LightMyRequestResponse) =>
  response.json<{ error?: { code: string } }>().error?.code;

describe('the moderation queue, search reports and pre-moderation', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let held: string; // ann's upload, held for review
  let trusted: string; // cat's (a creator's) upload, listed at once

  const api = (url: string) =>
    t.jiffy.app.inject(`${url}${url.includes('?') ? '&' : '?'}api_key=${t.apiKey}`);
  const searchIds = async (q: string) =>
    (await api(`/v1/gifs/search?q=${q}`)).json<{ data: { id: string }[] }>().data.map((g) => g.id);
  const queue = async (query = '') =>
    (await users.mod!.get(`/api/v3/moderation/queue?limit=50${query}`)).json<QueueBody>().data;
  const upload = async (who: string, title: string) => {
    const form = multipart(
      { title, tags: 'heron' },
      {
        name: 'heron.gif',
        bytes: await animatedImage({ width: 64, height: 48, frames: 2 }),
        type: 'image/gif',
      },
    );
    const response = await users[who]!.request({ method: 'POST', url: '/api/v1/uploads', form });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: string } }>().data.id;
  };
  const reportSearch = (body: object, client = visitor) => client.post('/ajax/report-search', body);
  const goodReport = {
    reasons: ['spam'],
    search_response_id: 'r3sp0nse',
    search_term: 'heron',
    search_content_type: 'gifs',
  };

  beforeAll(async () => {
    t = await startTestJiffy({ MODERATION_MODE: 'pre' });
    users = await signedInUsers(t, [
      ['ann', 'user'],
      ['ben', 'user'],
      ['cat', 'creator'],
      ['mod', 'moderator'],
      ['adm', 'admin'],
    ]);
    visitor = new SiteClient(t.jiffy.app);
    await visitor.get('/login/check');
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'heron1',
      title: 'Heron fishing',
      tags: ['heron'],
    });
    held = await upload('ann', 'Heron landing');
    trusted = await upload('cat', 'Heron flying');
    expect(await t.waitForGif(held)).toBe('pending_review');
    expect(await t.waitForGif(trusted)).toBe('ready');
  });
  afterAll(() => t.stop());

  it('holds an unverified user’s upload out of every list until a moderator approves it', async () => {
    expect(await searchIds('heron')).toContain(trusted);
    expect(await searchIds('heron')).not.toContain(held);
    expect((await api(`/v1/gifs/${held}`)).statusCode).toBe(404);
    const status = await users.ann!.get(`/api/v1/uploads/${held}`);
    expect(status.json()).toMatchObject({ data: { status: 'pending_review' } });

    const item = (await queue('&kind=pending_upload')).find((i) => i.gif_id === held)!;
    expect(item.gif).toMatchObject({
      id: held,
      title: 'Heron landing',
      moderation: { status: 'pending_review', history: [] },
    });
    // Its files are not served while held: an upload waiting for review is hosted for nobody.
    const mediaPath = new URL(item.gif!.images.original.url).pathname;
    expect((await t.jiffy.app.inject(mediaPath)).statusCode).toBe(404);
    // Moderators see it playing through the queue's preview; nobody else does.
    const preview = new URL(item.gif!.moderation.preview_url!).pathname;
    const shown = await users.mod!.get(preview);
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/gif']);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    for (const [client, status] of [
      [visitor, 401],
      [users.ann!, 403],
      [users.cat!, 403],
    ] as const)
      expect((await client.get(preview)).statusCode).toBe(status);
    const notHeld = await users.mod!.get(`/api/v3/moderation/gifs/${trusted}/preview`);
    expect([notHeld.statusCode, code(notHeld)]).toEqual([404, 'gif_not_found']);

    for (const who of ['ann', 'ben', 'cat']) {
      const refused = await users[who]!.post(`/api/v1/gifs/${held}/moderation`, {
        action: 'approve',
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(await searchIds('heron')).not.toContain(held);
    const approved = await users.mod!.post(`/api/v1/gifs/${held}/moderation`, {
      action: 'approve',
    });
    expect(approved.json()).toMatchObject({ data: { status: 'ready', action: 'approve' } });
    expect(await searchIds('heron')).toContain(held);
    expect((await t.jiffy.app.inject(mediaPath)).statusCode).toBe(200);
    expect((await users.mod!.get(preview)).statusCode).toBe(404);
    expect((await queue('&kind=pending_upload')).map((i) => i.gif_id)).not.toContain(held);
  });

  it('takes down a held upload with an e-mail, and an admin may restore it', async () => {
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'held2',
      title: 'Heron shouting',
      tags: ['heron'],
      status: 'pending_review',
      user_id: 'idben',
    });
    const refused = await users.ben!.post('/api/v1/gifs/held2/moderation', {
      action: 'take_down',
      reason: 'spam',
    });
    expect(refused.statusCode).toBe(403);
    const down = await users.mod!.post('/api/v1/gifs/held2/moderation', {
      action: 'take_down',
      reason: 'spam',
      note: 'Not a heron.',
      send_email: true,
    });
    expect(down.json()).toMatchObject({ data: { status: 'removed', emailed: true } });
    expect((await queue('&kind=pending_upload')).map((i) => i.gif_id)).not.toContain('held2');
    const mine = (await users.ben!.get('/api/v3/content-takedown/mine')).json<{
      data: { gif_id: string; note: string }[];
    }>();
    expect(mine.data).toMatchObject([{ gif_id: 'held2', note: 'Not a heron.' }]);
    const again = await users.mod!.post('/api/v1/gifs/held2/moderation', { action: 'approve' });
    expect([again.statusCode, code(again)]).toEqual([409, 'gif_already_removed']);
    const restored = await users.adm!.post('/api/v1/gifs/held2/moderation', { action: 'restore' });
    expect(restored.json()).toMatchObject({ data: { status: 'ready' } });
    expect(await searchIds('heron')).toContain('held2');
    const log = (await users.adm!.get('/api/v3/moderation/audit-log')).json<{
      data: { action: string; gif_id: string; before: { status: string } }[];
    }>();
    expect(log.data.slice(0, 2)).toMatchObject([
      { action: 'gif.restore', gif_id: 'held2' },
      { action: 'gif.takedown', gif_id: 'held2', before: { status: 'pending_review' } },
    ]);
  });

  it('keeps a search report with the GIFs the search showed, for moderators only', async () => {
    const shown = await searchIds('heron');
    const response = await reportSearch({ ...goodReport, additional_info: 'Not herons.' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      data: { status: 'received', shown_gif_ids: shown },
    });
    const signedIn = await reportSearch({ ...goodReport, reasons: ['other'] }, users.ben);
    expect(signedIn.statusCode).toBe(201);
    const items = await queue('&kind=search_report');
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      kind: 'search_report',
      response_id: 'r3sp0nse',
      search_term: 'heron',
      content_type: 'gif',
      reasons: ['spam'],
      additional_info: 'Not herons.',
      reporter_user_id: null,
      gif: null,
    });
    expect(items[0]!.shown_gifs!.map((g) => g.id)).toEqual(shown);
    expect(items[1]).toMatchObject({ reporter_user_id: 'idben' });
    // A page that shows nothing now leaves nothing to decide: received, never queued.
    const empty = await reportSearch({ ...goodReport, search_term: 'zzzqqq' });
    expect(empty.json()).toMatchObject({ data: { status: 'received', shown_gif_ids: [] } });
    expect(await queue('&kind=search_report')).toHaveLength(2);
  });

  it('lists every kind oldest first, filters by kind and pages without gaps', async () => {
    await visitor.post('/api/v1/gifs/heron1/reports', { reason: 'violence' });
    await users.ben!.post(`/api/v1/gifs/${trusted}/moderation`, { reason: 'spam', rating: 'r' });
    const all = await queue();
    expect(all.map((i) => i.kind)).toEqual([
      // cat's upload is the same picture as ann's held one: a near-duplicate, queued when made.
      'automatic',
      'search_report',
      'search_report',
      'gif_report',
      'flag',
    ]);
    const times = all.map((i) => i.created_at);
    expect([...times].sort()).toEqual(times);
    expect((await queue('&kind=flag')).map((i) => i.gif_id)).toEqual([trusted]);
    expect((await queue('&kind=gif_report')).map((i) => i.gif_id)).toEqual(['heron1']);
    const [automatic] = await queue('&kind=automatic');
    expect(automatic).toMatchObject({ gif_id: trusted, duplicate_gif: { id: held } });
    const flagged = all.find((i) => i.kind === 'flag')!;
    expect(flagged).toMatchObject({
      reason: 'spam',
      suggested_rating: 'r',
      flagger_user_id: 'idben',
    });

    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: QueueBody = (
        await users.adm!.get(`/api/v3/moderation/queue?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json<QueueBody>();
      walked.push(...page.data.map((i) => `${i.kind}:${i.id}`));
      cursor = page.pagination.next_cursor;
    } while (cursor);
    expect(walked).toEqual(all.map((i) => `${i.kind}:${i.id}`));
  });

  it('answers the queue to moderators and admins only, and refuses bad queries', async () => {
    const anonymous = await visitor.get('/api/v3/moderation/queue');
    expect([anonymous.statusCode, code(anonymous)]).toEqual([401, 'not_signed_in']);
    for (const who of ['ann', 'ben', 'cat']) {
      const refused = await users[who]!.get('/api/v3/moderation/queue');
      expect([refused.statusCode, code(refused)]).toEqual([403, 'forbidden']);
    }
    expect((await users.adm!.get('/api/v3/moderation/queue')).statusCode).toBe(200);
    for (const query of [
      'kind=everything',
      'cursor=bm90IGEgY3Vyc29y',
      'cursor=%5B%5D',
      `cursor=${Buffer.from('["2026-01-01 00:00:00+00", 1, "' + 'x'.repeat(70) + '"]').toString('base64url')}`,
      `cursor=${Buffer.from('["2026-02-30 00:00:00+00", 1, "1"]').toString('base64url')}`,
      `cursor=${Buffer.from('["2026-01-01 00:00:00+00", 1, "abc"]').toString('base64url')}`,
      `cursor=${Buffer.from('["2026-01-01 00:00:00+00", 2, "99999999999999999999"]').toString('base64url')}`,
      `cursor=${Buffer.from('["2026-01-01 00:00:00+00", 7, "1"]').toString('base64url')}`,
      'limit=0',
      'limit=51',
      'limit=ten',
    ]) {
      const response = await users.mod!.get(`/api/v3/moderation/queue?${query}`);
      expect([query, response.statusCode, code(response)]).toEqual([query, 400, 'invalid_request']);
    }
  });

  it('refuses bad search reports with a clear 4xx and stores nothing', async () => {
    const before = (await queue('&kind=search_report')).length;
    const cases: [object, number, string][] = [
      [{ ...goodReport, reasons: [] }, 400, 'invalid_request'],
      [{ ...goodReport, reasons: ['boring'] }, 400, 'invalid_request'],
      [{ ...goodReport, reasons: 'spam' }, 400, 'invalid_request'],
      [{ ...goodReport, search_term: '' }, 400, 'invalid_request'],
      [{ ...goodReport, search_term: 'x'.repeat(51) }, 400, 'invalid_request'],
      [{ ...goodReport, search_content_type: 'memes' }, 400, 'invalid_request'],
      [{ ...goodReport, search_response_id: 'a b' }, 400, 'invalid_request'],
      [{ ...goodReport, search_response_id: 'x'.repeat(65) }, 400, 'invalid_request'],
      [{ ...goodReport, additional_info: 'x'.repeat(1001) }, 400, 'invalid_request'],
      [{ ...goodReport, offset: 5000 }, 400, 'invalid_request'],
      [{ ...goodReport, gif_ids: ['heron1'] }, 400, 'invalid_request'],
    ];
    for (const [body, status, expected] of cases) {
      const response = await reportSearch(body);
      expect([response.statusCode, code(response)]).toEqual([status, expected]);
    }
    const forged = await visitor.post('/ajax/report-search', goodReport, 'omit');
    expect([forged.statusCode, code(forged)]).toEqual([403, 'csrf_failed']);
    expect((await queue('&kind=search_report')).length).toBe(before);
  });

  it('lets moderators dismiss a search report on its own, written to the audit log', async () => {
    const [first] = await queue('&kind=search_report');
    const url = `/api/v3/moderation/search-reports/${first!.id}`;
    for (const [client, status] of [
      [visitor, 401],
      [users.ann!, 403],
      [users.cat!, 403],
    ] as const)
      expect((await client.post(url, { action: 'dismiss' })).statusCode).toBe(status);
    for (const [path, body, status, expected] of [
      [url, { action: 'approve' }, 400, 'invalid_request'],
      [url, {}, 400, 'invalid_request'],
      ['/api/v3/moderation/search-reports/abc', { action: 'dismiss' }, 400, 'invalid_request'],
      [
        '/api/v3/moderation/search-reports/999999',
        { action: 'dismiss' },
        404,
        'search_report_not_found',
      ],
    ] as const) {
      const response = await users.mod!.post(path, body);
      expect([response.statusCode, code(response)]).toEqual([status, expected]);
    }
    expect((await queue('&kind=search_report')).map((i) => i.id)).toContain(first!.id);

    const dismissed = await users.mod!.post(url, { action: 'dismiss' });
    expect(dismissed.json()).toEqual({
      data: { id: first!.id, action: 'dismiss', status: 'resolved' },
    });
    expect((await queue('&kind=search_report')).map((i) => i.id)).not.toContain(first!.id);
    const again = await users.adm!.post(url, { action: 'dismiss' });
    expect([again.statusCode, code(again)]).toEqual([404, 'search_report_not_found']);
    const log = (await users.adm!.get('/api/v3/moderation/audit-log')).json<{
      data: { action: string; gif_id: string | null; search_report_id: string | null }[];
    }>();
    expect(log.data[0]).toMatchObject({
      action: 'search_report.dismiss',
      gif_id: null,
      search_report_id: first!.id,
      before: { search_term: 'heron' },
    });
  });

  it('limits search reports per address', async () => {
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31 && !refused; i++) {
      const response = await reportSearch(goodReport);
      if (response.statusCode === 429) refused = response;
    }
    expect(refused && code(refused)).toBe('too_many_attempts');
    expect(refused?.headers['retry-after']).toBeDefined();
    // Another address is not refused.
    const check = await t.jiffy.app.inject({ url: '/login/check', remoteAddress: '198.51.100.7' });
    const csrf = check.cookies.find((c) => c.name === 'jiffy_csrf')!.value;
    const other = await t.jiffy.app.inject({
      method: 'POST',
      url: '/ajax/report-search',
      remoteAddress: '198.51.100.7',
      headers: { cookie: `jiffy_csrf=${csrf}`, 'x-csrf-token': csrf },
      payload: goodReport,
    });
    expect(other.statusCode).toBe(201);
  });
});
