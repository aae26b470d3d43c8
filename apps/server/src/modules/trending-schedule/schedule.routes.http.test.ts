import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { personalTokens, withToken } from '../../../testing/personal-tokens.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string } };
type Item = { id: string; gif_id: string; type: string; is_sticker: boolean };
type ItemsBody = { data: Item[]; pagination?: { total_count: number; count: number } };
type TrendingBody = { data: { id: string; trending_datetime: string }[] };
type Activity = { action: string; gif_id: string; actor: { username: string } | null };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// The controlled clock every time-dependent part of this Jiffy reads (schedule, kept answers).
let now = Date.parse('2031-03-01T12:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();
const giphyTime = (ms: number) => at(ms).slice(0, 19).replace('T', ' ');

describe('the trending scheduler', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let tokens: Record<string, string>;

  const schedule = (client: SiteClient, body: object, csrf?: string) =>
    client.request({ method: 'POST', url: '/x/v1/schedule', body, csrf });
  const trending = async (kind = 'gifs') =>
    (await t.jiffy.app.inject(`/v1/${kind}/trending?api_key=${t.apiKey}`)).json<TrendingBody>()
      .data;
  const ids = async (kind = 'gifs') => (await trending(kind)).map((g) => g.id);
  const coming = async () =>
    (await users.mod!.get('/x/v1/schedule?limit=100')).json<ItemsBody>().data.map((i) => i.gif_id);
  const activity = async () =>
    (await users.adm!.get('/x/v1/activity?limit=100')).json<{ data: Activity[] }>().data;
  const code = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.code;

  beforeAll(async () => {
    t = await startTestJiffy({}, { clock: () => now });
    ({ users, visitor } = await permissionMatrix(t));
    tokens = await personalTokens(users);
    const gifs = t.jiffy.services.gifRepository;
    for (const id of ['first', 'second', 'third', 'sched', 'later', 'doomed'])
      await insertGifRow(gifs, { id, title: id, user_id: 'idann' });
    await insertGifRow(gifs, { id: 'sticky', type: 'sticker', user_id: 'idcat' });
    await insertGifRow(gifs, { id: 'gone', status: 'removed' });
    await insertGifRow(gifs, { id: 'hidden', visibility: 'unlisted' });
  });
  afterAll(() => t.stop());

  it('trends a GIF scheduled for T from T, ahead of the computed order, and stops at T + window', async () => {
    const computed = await ids();
    expect(computed[0]).not.toBe('sched');
    const T = now + HOUR;
    const made = await schedule(users.mod!, {
      gifs: [{ gif_id: 'sched', trending_datetime: at(T), window_minutes: 30 }],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json<ItemsBody>().data).toEqual([
      expect.objectContaining({ gif_id: 'sched', type: 'gif', is_sticker: false }),
    ]);

    // Before T: the computed order, and that answer is kept (30 s), but not past T.
    now = T - 1;
    expect(await ids()).toEqual(computed);
    now = T;
    const atT = await trending();
    expect(atT.map((g) => g.id)).toEqual(['sched', ...computed.filter((id) => id !== 'sched')]);
    expect(atT[0]!.trending_datetime).toBe(giphyTime(T));
    expect(atT[1]!.trending_datetime).toBe('0000-00-00 00:00:00');
    now = T + 30 * MINUTE - 1;
    expect((await ids())[0]).toBe('sched');
    // At T + window it is gone, though the answer kept at T is not 30 s old yet.
    now = T + 30 * MINUTE;
    expect(await ids()).toEqual(computed);
  });

  it('pages through the scheduled head and the computed rest without repeats', async () => {
    const computed = await ids();
    const T = now;
    const made = await schedule(users.adm!, {
      gifs: [
        { gif_id: 'third', trending_datetime: at(T), window_minutes: 60 },
        { gif_id: 'later', trending_datetime: at(T), window_minutes: 60 },
      ],
    });
    expect(made.statusCode).toBe(201);
    const all = await ids();
    expect(all.slice(0, 2).toSorted()).toEqual(['later', 'third']);
    expect(all.slice(2)).toEqual(computed.filter((id) => id !== 'third' && id !== 'later'));
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 1) {
      const url = `/v1/gifs/trending?api_key=${t.apiKey}&limit=1&offset=${offset}`;
      paged.push(...(await t.jiffy.app.inject(url)).json<TrendingBody>().data.map((g) => g.id));
    }
    expect(paged).toEqual(all);
    now += HOUR;
  });

  it('puts stickers on sticker trending, and never shows a GIF taken down after scheduling', async () => {
    const made = await schedule(users.mod!, {
      gifs: [
        { gif_id: 'sticky', trending_datetime: at(now), window_minutes: 60 },
        { gif_id: 'doomed', trending_datetime: at(now), window_minutes: 60 },
      ],
    });
    expect(made.json<ItemsBody>().data.map((i) => [i.gif_id, i.type, i.is_sticker])).toEqual([
      ['sticky', 'sticker', true],
      ['doomed', 'gif', false],
    ]);
    expect((await ids('stickers'))[0]).toBe('sticky');
    expect(await ids()).not.toContain('sticky');
    expect((await ids())[0]).toBe('doomed');
    const takedown = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: 'doomed',
      reason: 'spam',
    });
    expect(takedown.statusCode).toBe(200);
    expect(await ids()).not.toContain('doomed');
  });

  it('lets moderators and admins schedule, by session or token; refuses everyone else', async () => {
    const cases: [string, number, string?][] = [
      ['ann', 403, 'forbidden'],
      ['ben', 403, 'forbidden'],
      ['cat', 403, 'forbidden'],
      ['mod', 201],
      ['adm', 201],
    ];
    let hour = 10;
    const body = () => ({
      gifs: [{ gif_id: 'first', trending_datetime: at(now + hour++ * HOUR), window_minutes: 5 }],
    });
    const anonymous = await schedule(visitor, body());
    expect([anonymous.statusCode, code(anonymous)]).toEqual([401, 'not_signed_in']);
    for (const [name, status, errorCode] of cases) {
      const bySession = await schedule(users[name]!, body());
      const byToken = await withToken(t, tokens[name]!, {
        method: 'POST',
        url: '/x/v1/schedule',
        body: body(),
      });
      for (const response of [bySession, byToken]) {
        expect([name, response.statusCode]).toEqual([name, status]);
        if (errorCode) expect(code(response)).toBe(errorCode);
      }
      // Reading the schedule and the log is staff's too.
      for (const url of ['/x/v1/schedule', '/x/v1/activity']) {
        const read = await withToken(t, tokens[name]!, { url });
        expect([name, url, read.statusCode]).toEqual([name, url, status === 201 ? 200 : 403]);
      }
    }
    const signedOut = await visitor.get('/x/v1/schedule');
    expect([signedOut.statusCode, code(signedOut)]).toEqual([401, 'not_signed_in']);
    // A session without the CSRF echo, and a token that authenticates no one, change nothing.
    const before = await coming();
    const noCsrf = await schedule(users.mod!, body(), 'omit');
    expect([noCsrf.statusCode, code(noCsrf)]).toEqual([403, 'csrf_failed']);
    const bogus = await withToken(t, 'A1'.repeat(20), {
      method: 'POST',
      url: '/x/v1/schedule',
      body: body(),
    });
    expect([bogus.statusCode, code(bogus)]).toEqual([403, 'csrf_failed']);
    expect(await coming()).toEqual(before);
  });

  it('lists coming items 25 at a time by default, of type gif unless asked, and removes them', async () => {
    const list = (await users.mod!.get('/x/v1/schedule')).json<ItemsBody>();
    expect(list.pagination).toMatchObject({ count: list.data.length });
    expect(list.data.every((item) => item.type === 'gif')).toBe(true);
    const stickers = (await users.mod!.get('/x/v1/schedule?type=sticker')).json<ItemsBody>().data;
    expect(stickers.map((i) => i.gif_id)).toEqual(['sticky']);

    const target = list.data.find((item) => item.gif_id === 'first')!;
    const removal = await withToken(t, tokens.adm!, {
      method: 'DELETE',
      url: `/x/v1/schedule/${target.id}`,
    });
    expect(removal.statusCode).toBe(204);
    const again = await users.mod!.request({
      method: 'DELETE',
      url: `/x/v1/schedule/${target.id}`,
    });
    expect([again.statusCode, code(again)]).toEqual([404, 'schedule_item_not_found']);
    const forbidden = await users.cat!.request({ method: 'DELETE', url: '/x/v1/schedule/xyz' });
    expect(forbidden.statusCode).toBe(403);

    const log = await activity();
    expect(log[0]).toMatchObject({
      action: 'removed',
      gif_id: 'first',
      actor: { username: 'adm' },
    });
    expect(log.filter((e) => e.action === 'scheduled').map((e) => e.actor?.username)).toContain(
      'mod',
    );
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = [await coming(), (await activity()).length];
    const item = (over: object) => ({
      gif_id: 'second',
      trending_datetime: at(now + 100 * HOUR),
      window_minutes: 10,
      ...over,
    });
    const refusals: [object, number, string][] = [
      [{ gifs: [item({ trending_datetime: at(now - 2 * MINUTE) })] }, 422, 'time_in_past'],
      [{ gifs: [item({ trending_datetime: '2031-03-09 12:00:00' })] }, 400, 'invalid_request'],
      [{ gifs: [item({ window_minutes: 0 })] }, 400, 'invalid_request'],
      [{ gifs: [item({ window_minutes: 7 * 24 * 60 + 1 })] }, 400, 'invalid_request'],
      [{ gifs: Array.from({ length: 51 }, () => item({})) }, 400, 'invalid_request'],
      [{ gifs: [] }, 400, 'invalid_request'],
      [{ gifs: [item({ extra: 1 })] }, 400, 'invalid_request'],
      [{ gifs: [item({}), item({ gif_id: 'nosuchgif' })] }, 404, 'gif_not_found'],
      [{ gifs: [item({}), item({ gif_id: 'gone' })] }, 409, 'gif_not_trendable'],
      [{ gifs: [item({}), item({ gif_id: 'hidden' })] }, 409, 'gif_not_trendable'],
      // Two windows of one GIF that meet, in one call: the first is not kept either.
      [{ gifs: [item({}), item({ window_minutes: 20 })] }, 409, 'schedule_conflict'],
      [{ gifs: [item({ gif_id: 'bad id!' })] }, 400, 'invalid_request'],
    ];
    for (const [body, status, errorCode] of refusals) {
      const response = await schedule(users.mod!, body);
      expect([JSON.stringify(body).slice(0, 80), response.statusCode, code(response)]).toEqual([
        JSON.stringify(body).slice(0, 80),
        status,
        errorCode,
      ]);
    }
    const badQuery = await users.mod!.get('/x/v1/schedule?limit=0');
    expect([badQuery.statusCode, code(badQuery)]).toEqual([400, 'invalid_request']);
    const badType = await users.mod!.get('/x/v1/schedule?type=story');
    expect(badType.statusCode).toBe(400);
    expect([await coming(), (await activity()).length]).toEqual(before);
  });
});
