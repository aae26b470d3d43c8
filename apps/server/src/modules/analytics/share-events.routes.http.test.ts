import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpAnalytics } from '../../../testing/analytics-rollup.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { TrendingRepository } from '../trending/trending.repository.ts';

type ErrorBody = { error: { code: string } };
type ShareBody = { data: { gif_id: string; type: string; count: number } };

describe('share events from the share buttons', () => {
  let t: TestJiffy;
  let clients: [string, SiteClient][];
  let visitor: SiteClient;

  const share = (client: SiteClient, id: string, type: string, csrf?: string) =>
    client.request({ method: 'POST', url: `/ajax/gif/${id}/analytic/${type}/`, csrf });
  const shareCount = async (id: string) =>
    (await t.jiffy.services.gifRepository.findById(id))?.share_count;
  const counts = (id: string) => t.jiffy.services.shares.countsOf(id);
  const code = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.code;

  beforeAll(async () => {
    t = await startTestJiffy({ ANALYTICS_ROLLUP_LAG_SECONDS: '0' });
    const cast = await permissionMatrix(t);
    visitor = cast.visitor;
    clients = [['anonymous', visitor], ...Object.entries(cast.users)];
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, { id: 'wave', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'busy', status: 'processing', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'gone', status: 'removed', user_id: 'idann' });
  }, 60_000);
  afterAll(() => t.stop());

  it('counts a share by anyone, per GIF and type, feeding share_count and trending', async () => {
    for (const [i, [who, client]] of clients.entries()) {
      const response = await share(client, 'wave', 'twitter');
      expect([who, response.statusCode]).toEqual([who, 201]);
      expect(response.json<ShareBody>().data).toEqual({
        gif_id: 'wave',
        type: 'twitter',
        count: i + 1,
      });
    }
    expect((await share(visitor, 'wave', 'embed')).statusCode).toBe(201);
    expect(await counts('wave')).toEqual({ twitter: clients.length, embed: 1 });
    // share_count, like every SENT pingback's, follows at the next roll-up.
    await rollUpAnalytics(t);
    expect(await shareCount('wave')).toBe(clients.length + 1);
    // Trending weighs a share 3 (pingback SENT), halved per day of age: these are minutes old.
    await new TrendingRepository(t.jiffy.database.db).recompute();
    const gif = await t.jiffy.services.gifRepository.findById('wave');
    expect(gif!.recent_engagement).toBeCloseTo(3 * (clients.length + 1), 1);
  });

  it('refuses bad input with a clear 4xx and counts nothing', async () => {
    const before = { counts: await counts('wave'), shares: await shareCount('wave') };
    const refusals: [string, string, number, string][] = [
      ['wave', 'myspace', 400, 'unknown_share_type'],
      ['wave', 'x'.repeat(60), 400, 'invalid_request'],
      ['nosuchgif', 'twitter', 404, 'gif_not_found'],
      ['gone', 'twitter', 404, 'gif_not_found'],
      ['busy', 'twitter', 404, 'gif_not_found'],
      ['bad%20id', 'twitter', 400, 'invalid_request'],
    ];
    for (const [id, type, status, errorCode] of refusals) {
      for (const [who, client] of clients) {
        const response = await share(client, id, type);
        expect([who, id, response.statusCode, code(response)]).toEqual([
          who,
          id,
          status,
          errorCode,
        ]);
      }
    }
    // A state-changing site call: without the CSRF echo it is refused.
    expect((await share(visitor, 'wave', 'reddit', 'omit')).statusCode).toBe(403);
    expect(await counts('wave')).toEqual(before.counts);
    await rollUpAnalytics(t);
    expect(await shareCount('wave')).toBe(before.shares);
    expect(await counts('gone')).toEqual({});
  });

  it('limits shares per address', async () => {
    const csrf = visitor.cookies.get('jiffy_csrf')!;
    const fromAddress = (remoteAddress: string) =>
      t.jiffy.app.inject({
        method: 'POST',
        url: '/ajax/gif/wave/analytic/link/',
        remoteAddress,
        headers: { cookie: `jiffy_csrf=${csrf}`, 'x-csrf-token': csrf },
      });
    for (let i = 0; i < 60; i++) expect((await fromAddress('198.51.100.7')).statusCode).toBe(201);
    const refused = await fromAddress('198.51.100.7');
    expect([refused.statusCode, code(refused)]).toEqual([429, 'too_many_attempts']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fromAddress('198.51.100.8')).statusCode).toBe(201);
    expect((await counts('wave')).link).toBe(61);
  });
});
