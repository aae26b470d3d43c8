import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { readOutbox, SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ListBody = { data: { id: string; rating: string; is_sticker: number }[] };
type QueueBody = {
  data: {
    kind: string;
    id: string;
    gif_id?: string;
    reason?: string;
    gif: {
      id: string;
      title: string;
      moderation: { status: string; history: { action: string }[] };
    } | null;
    shown_gif_ids?: string[];
    shown_gifs?: { id: string }[];
  }[];
  pagination: { next_cursor: string | null };
};
const code = (response: LightMyRequestResponse) =>
  response.json<{ error?: { code: string } }>().error?.code;

describe('flags and moderators’ decisions on a GIF', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;

  const api = (url: string) =>
    t.jiffy.app.inject(`${url}${url.includes('?') ? '&' : '?'}api_key=${t.apiKey}`);
  const search = async (url: string) => (await api(url)).json<ListBody>().data;
  const queue = async (query = '') =>
    (await users.mod!.get(`/api/v3/moderation/queue?limit=50${query}`)).json<QueueBody>().data;
  const flagsOf = async (gifId: string) =>
    (await queue('&kind=flag')).filter((item) => item.gif_id === gifId);
  const moderate = (who: string, gifId: string, body: object) =>
    (who === 'visitor' ? visitor : users[who]!).post(`/api/v1/gifs/${gifId}/moderation`, body);

  beforeAll(async () => {
    t = await startTestJiffy();
    users = await signedInUsers(t, [
      ['ann', 'user'],
      ['ben', 'user'],
      ['cat', 'creator'],
      ['mod', 'moderator'],
      ['adm', 'admin'],
    ]);
    visitor = new SiteClient(t.jiffy.app);
    await visitor.get('/login/check');
    const gifs = t.jiffy.services.gifRepository;
    for (const [n, what] of ['juggling', 'diving', 'sleeping', 'eating'].entries())
      await insertGifRow(gifs, {
        id: `otter${n + 1}`,
        title: `Otter ${what}`,
        tags: ['otter'],
        user_id: 'idann',
      });
    await insertGifRow(gifs, { id: 'clip1', title: 'Otter clip', type: 'video', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'gone1', title: 'Otter gone', status: 'removed' });
    // The settle sweep at start fails it (it has no source); either way it is not listed.
    await insertGifRow(gifs, { id: 'busy1', title: 'Otter busy', status: 'processing' });
  });
  afterAll(() => t.stop());

  it('takes one flag per signed-in user and GIF (a second one updates it), never from visitors', async () => {
    const anonymous = await moderate('visitor', 'otter1', { reason: 'spam' });
    expect([anonymous.statusCode, code(anonymous)]).toEqual([401, 'not_signed_in']);
    for (const who of ['ann', 'ben', 'cat', 'mod', 'adm']) {
      const response = await moderate(who, 'otter1', { reason: 'spam', rating: 'pg' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        data: {
          gif_id: 'otter1',
          reason: 'spam',
          reason_label: 'Spam or misleading',
          rating: 'pg',
        },
      });
    }
    const again = await moderate('ben', 'otter1', {
      reason: 'violence',
      note: '  On second look. ',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      data: { reason: 'violence', rating: null, note: 'On second look.' },
    });
    const flags = await flagsOf('otter1');
    expect(flags).toHaveLength(5);
    expect(flags.filter((f) => f.reason === 'violence')).toHaveLength(1);
  });

  it('refuses bad flags with a clear 4xx and stores nothing', async () => {
    const before = (await queue('&kind=flag')).length;
    const cases: [Promise<LightMyRequestResponse>, number, string][] = [
      [moderate('ben', 'otter2', { reason: 'because' }), 400, 'invalid_request'],
      [
        moderate('ben', 'otter2', { reason: 'spam', note: 'x'.repeat(1001) }),
        400,
        'invalid_request',
      ],
      [moderate('ben', 'otter2', { reason: 'spam', rating: 'nc-17' }), 400, 'invalid_request'],
      [moderate('ben', 'otter2', { reason: 'spam', colour: 'red' }), 400, 'invalid_request'],
      [moderate('ben', 'otter2', { reason: ['spam'] }), 400, 'invalid_request'],
      [moderate('ben', 'nosuch', { reason: 'spam' }), 404, 'gif_not_found'],
      [moderate('ben', 'gone1', { reason: 'spam' }), 404, 'gif_not_found'],
      [moderate('ben', 'busy1', { reason: 'spam' }), 404, 'gif_not_found'],
      [moderate('ben', '..%2Fx', { reason: 'spam' }), 400, 'invalid_request'],
      [
        users.ben!.post('/api/v1/gifs/otter2/moderation', { reason: 'spam' }, 'omit'),
        403,
        'csrf_failed',
      ],
    ];
    for (const [pending, status, expected] of cases) {
      const response = await pending;
      expect([response.statusCode, code(response)]).toEqual([status, expected]);
    }
    expect((await queue('&kind=flag')).length).toBe(before);
  });

  it('lets only moderators decide, and only admins restore', async () => {
    for (const who of ['visitor', 'ann', 'ben', 'cat']) {
      for (const body of [
        { action: 'approve' },
        { action: 'set_rating', rating: 'r' },
        { action: 'take_down', reason: 'spam' },
        { action: 'restore' },
      ]) {
        const response = await moderate(who, 'otter1', body);
        expect(response.statusCode).toBe(who === 'visitor' ? 401 : 403);
      }
    }
    const restoreByMod = await moderate('mod', 'gone1', { action: 'restore' });
    expect([restoreByMod.statusCode, code(restoreByMod)]).toEqual([403, 'forbidden']);
    expect(await flagsOf('otter1')).toHaveLength(5);
    expect((await search('/v1/gifs/search?q=otter')).map((g) => g.id)).toContain('otter1');
  });

  it('changes the rating at once in kept answers, resolves the flags and writes the audit log', async () => {
    // A kept answer (30 s) with the old rating and a reader allowed only g.
    expect((await search('/v1/gifs/search?q=otter&rating=g')).map((g) => g.id)).toContain('otter1');
    const response = await moderate('mod', 'otter1', { action: 'set_rating', rating: 'r' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        gif_id: 'otter1',
        action: 'set_rating',
        status: 'ready',
        rating: 'r',
        is_sticker: false,
        reports_resolved: 0,
        flags_resolved: 5,
        search_report_resolved: false,
      },
    });
    expect((await search('/v1/gifs/search?q=otter&rating=g')).map((g) => g.id)).not.toContain(
      'otter1',
    );
    const byId = (await api('/v1/gifs/otter1')).json<{ data: { rating: string } }>();
    expect(byId.data.rating).toBe('r');
    expect(await flagsOf('otter1')).toEqual([]);
    const log = (await users.adm!.get('/api/v3/moderation/audit-log')).json<{
      data: {
        action: string;
        gif_id: string;
        actor: { username: string };
        before: object;
        after: object;
      }[];
    }>();
    expect(log.data[0]).toMatchObject({
      action: 'gif.set_rating',
      gif_id: 'otter1',
      actor: { username: 'mod' },
      before: { rating: 'g' },
      after: { rating: 'r', flags_resolved: 5 },
    });
  });

  it('marks a GIF a sticker: out of GIF searches and into sticker searches in the same request', async () => {
    expect((await search('/v1/gifs/search?q=otter')).map((g) => g.id)).toContain('otter2');
    expect((await search('/v1/stickers/search?q=otter')).map((g) => g.id)).not.toContain('otter2');
    const response = await moderate('adm', 'otter2', { action: 'set_sticker', is_sticker: true });
    expect(response.json()).toMatchObject({ data: { is_sticker: true } });
    expect((await search('/v1/gifs/search?q=otter')).map((g) => g.id)).not.toContain('otter2');
    expect((await search('/v1/stickers/search?q=otter')).map((g) => g.id)).toContain('otter2');
  });

  it('settles a search report with a takedown of one of its GIFs, and an admin restores it', async () => {
    const shown = (await search('/v1/gifs/search?q=otter')).map((g) => g.id);
    const report = await visitor.post('/ajax/report-search', {
      reasons: ['violence', 'spam'],
      additional_info: 'The third one.',
      search_response_id: 'abc123',
      search_term: 'otter',
      search_content_type: 'gifs',
    });
    expect(report.statusCode).toBe(201);
    const { id, shown_gif_ids } = report.json<{ data: { id: string; shown_gif_ids: string[] } }>()
      .data;
    expect(shown_gif_ids).toEqual(shown);
    await moderate('ben', 'otter3', { reason: 'violence' });
    await visitor.post('/api/v1/gifs/otter3/reports', { reason: 'violence' });

    const item = (await queue('&kind=search_report')).find((i) => i.id === id)!;
    expect(item).toMatchObject({ search_term: 'otter', reasons: ['violence', 'spam'] });
    expect(item.shown_gifs!.map((g) => g.id)).toEqual(shown);

    // A search report that did not show the GIF cannot be settled with it: nothing changes.
    const wrong = await moderate('mod', 'otter2', {
      action: 'take_down',
      reason: 'violence',
      search_report_id: Number(id),
    });
    expect([wrong.statusCode, code(wrong)]).toEqual([404, 'search_report_not_found']);
    expect((await search('/v1/stickers/search?q=otter')).map((g) => g.id)).toContain('otter2');

    const down = await moderate('mod', 'otter3', {
      action: 'take_down',
      reason: 'violence',
      note: 'Too much.',
      send_email: true,
      search_report_id: id,
    });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({
      data: {
        status: 'removed',
        reports_resolved: 1,
        flags_resolved: 1,
        search_report_resolved: true,
        emailed: true,
      },
    });
    expect((await search('/v1/gifs/search?q=otter')).map((g) => g.id)).not.toContain('otter3');
    expect((await queue()).filter((i) => i.id === id || i.gif_id === 'otter3')).toEqual([]);
    expect((await readOutbox(t.dataDir)).at(-1)?.text).toContain('Too much.');

    const again = await moderate('mod', 'otter3', { action: 'set_rating', rating: 'g' });
    expect([again.statusCode, code(again)]).toEqual([409, 'gif_already_removed']);
    const restored = await moderate('adm', 'otter3', { action: 'restore' });
    expect(restored.json()).toMatchObject({ data: { status: 'ready' } });
    expect((await search('/v1/gifs/search?q=otter')).map((g) => g.id)).toContain('otter3');
  });

  it('refuses bad decisions with a clear 4xx and changes nothing', async () => {
    await moderate('ben', 'otter4', { reason: 'spam' });
    const cases: [Promise<LightMyRequestResponse>, number, string][] = [
      [moderate('mod', 'otter4', { action: 'ban' }), 400, 'invalid_request'],
      [moderate('mod', 'otter4', { action: 'set_rating' }), 400, 'invalid_request'],
      [moderate('mod', 'otter4', { action: 'set_rating', rating: 'x' }), 400, 'invalid_request'],
      [
        moderate('mod', 'otter4', { action: 'set_sticker', is_sticker: 'yes' }),
        400,
        'invalid_request',
      ],
      [moderate('mod', 'otter4', { action: 'approve', extra: 1 }), 400, 'invalid_request'],
      [
        moderate('mod', 'otter4', { action: 'take_down', reason: 'spam', note: 'x'.repeat(1001) }),
        400,
        'invalid_request',
      ],
      [
        moderate('mod', 'otter4', { action: 'dismiss', search_report_id: 'x' }),
        400,
        'invalid_request',
      ],
      [
        moderate('mod', 'otter4', { action: 'dismiss', search_report_id: 999999 }),
        404,
        'search_report_not_found',
      ],
      [moderate('mod', 'nosuch', { action: 'approve' }), 404, 'gif_not_found'],
      [moderate('mod', 'gone1', { action: 'set_rating', rating: 'g' }), 409, 'gif_already_removed'],
      [
        moderate('mod', 'clip1', { action: 'set_sticker', is_sticker: true }),
        409,
        'not_applicable',
      ],
      [moderate('adm', 'otter4', { action: 'restore' }), 409, 'gif_not_removed'],
    ];
    for (const [pending, status, expected] of cases) {
      const response = await pending;
      expect([response.statusCode, code(response)]).toEqual([status, expected]);
    }
    expect(await flagsOf('otter4')).toHaveLength(1);
    const gif = await t.jiffy.services.gifRepository.findById('otter4');
    expect([gif?.rating, gif?.type, gif?.status]).toEqual(['g', 'gif', 'ready']);

    const dismissed = await moderate('mod', 'otter4', { action: 'dismiss' });
    expect(dismissed.json()).toMatchObject({ data: { flags_resolved: 1, status: 'ready' } });
    expect(await flagsOf('otter4')).toEqual([]);
  });

  it('limits flags per account', async () => {
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i < 61 && !refused; i++) {
      const response = await moderate('cat', 'otter4', { reason: 'spam' });
      if (response.statusCode === 429) refused = response;
    }
    expect(refused && code(refused)).toBe('too_many_attempts');
    // Another account is not refused.
    expect((await moderate('ann', 'otter4', { reason: 'spam' })).statusCode).toBe(201);
  });
});
