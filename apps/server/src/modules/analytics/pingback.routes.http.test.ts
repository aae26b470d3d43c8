import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPayload } from '../gifs/gif.presenter.ts';
import { rollUpAnalytics } from '../../../testing/analytics-rollup.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('POST /v2/pingback', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy({ ANALYTICS_ROLLUP_LAG_SECONDS: '0' }, { startWorkers: false });
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'seen1', title: 'Seen' });
  }, 60_000);
  afterAll(() => t.stop());

  const post = (payload: unknown) =>
    t.jiffy.app.inject({
      method: 'POST',
      url: '/v2/pingback?apikey=anything',
      payload: payload as object,
    });
  const event = (action: string, extra: Record<string, unknown> = {}) => ({
    ts: Date.now(),
    action_type: action,
    user_id: 'random-user',
    analytics_response_payload: `${analyticsPayload('seen1', 'resp1')}&mode=verification`,
    attributes: { layout_type: 'GRID', position: '{"x":1}' },
    ...extra,
  });

  it('stores good events, counts what it dropped, and the roll-up feeds the counters', async () => {
    const response = await post({
      events: [
        event('SEEN'),
        event('SEEN'),
        event('CLICK'),
        event('SENT'),
        event('FAVORITE'),
        event('HOVER'),
        event('START'),
        event('EXPLODE'),
        event('SEEN', { analytics_response_payload: 'e=garbage!!' }),
        event('SEEN', { analytics_response_payload: analyticsPayload('nosuchgif', 'r') }),
        event('SEEN', { ts: 'yesterday-ish', attributes: 'not an object' }),
        event('SEEN', { ts: Date.now() + 10 * 24 * 3600 * 1000 }),
        'not even an object',
        null,
      ],
    });
    expect(response.statusCode).toBe(200);
    // The ts and attributes of the 11th are replaced by the time of arrival and {}: kept.
    expect(response.json<{ data: unknown }>().data).toEqual({
      received: 14,
      stored: 8,
      dropped: 6,
    });
    const { rows } = await sql<{ action_type: string; n: number }>`
      SELECT action_type, count(*)::int AS n FROM pingback_events WHERE gif_id = 'seen1'
      GROUP BY action_type ORDER BY action_type`.execute(t.jiffy.database.db);
    expect(rows).toEqual([
      { action_type: 'CLICK', n: 1 },
      { action_type: 'FAVORITE', n: 1 },
      { action_type: 'HOVER', n: 1 },
      { action_type: 'SEEN', n: 3 },
      { action_type: 'SENT', n: 1 },
      { action_type: 'START', n: 1 },
    ]);
    // The counters follow at the next roll-up, once: a second run finds nothing new.
    const counters = async () => {
      const gif = await t.jiffy.services.gifRepository.findById('seen1');
      return [gif!.view_count, gif!.click_count, gif!.share_count, gif!.favorite_count];
    };
    expect(await counters()).toEqual([0, 0, 0, 0]);
    await rollUpAnalytics(t);
    await rollUpAnalytics(t);
    expect(await counters()).toEqual([3, 1, 1, 1]);
  });

  it('drops events holding NUL characters or lone surrogates, which PostgreSQL cannot store, and keeps the rest', async () => {
    const before = await t.jiffy.services.gifRepository.findById('seen1');
    const response = await post({
      events: [
        event('CLICK'),
        event('CLICK', { user_id: 'random\u0000user' }),
        event('CLICK', { attributes: { layout_type: 'GRID\u0000' } }),
        event('CLICK', { attributes: { 'key\u0000': 'GRID' } }),
        // Lone UTF-16 halves: jsonb refuses them, and once took the whole batch down (500).
        event('CLICK', { attributes: { layout_type: 'GRID\ud800' } }),
        event('CLICK', { attributes: { '\udc00': 'GRID' } }),
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown }>().data).toEqual({ received: 6, stored: 1, dropped: 5 });
    await rollUpAnalytics(t);
    const gif = await t.jiffy.services.gifRepository.findById('seen1');
    expect(gif!.click_count).toBe(before!.click_count + 1);
  });

  it('stores each event’s text as sent: quotes, braces, backslashes, commas and NULL alike', async () => {
    const awkward = "a\"b{c},d\\e 'f' NULL";
    const response = await post({
      events: [
        event('START', {
          user_id: awkward,
          logged_in_user_id: 'NULL',
          attributes: { note: awkward, nested: { '{"k"}': [1, '\\'] } },
        }),
        event('START', { user_id: undefined, attributes: undefined }),
      ],
    });
    expect(response.json<{ data: unknown }>().data).toEqual({ received: 2, stored: 2, dropped: 0 });
    const { rows } = await sql<{
      random_id: string | null;
      user_id: string | null;
      attributes: unknown;
    }>`
      SELECT random_id, user_id, attributes FROM (
        SELECT * FROM pingback_events WHERE action_type = 'START' ORDER BY id DESC LIMIT 2
      ) e ORDER BY random_id NULLS FIRST`.execute(t.jiffy.database.db);
    expect(rows).toEqual([
      { random_id: null, user_id: null, attributes: {} },
      {
        random_id: awkward,
        user_id: 'NULL',
        attributes: { note: awkward, nested: { '{"k"}': [1, '\\'] } },
      },
    ]);
  });

  it('refuses what is not a batch, and never answers 500', async () => {
    for (const payload of [
      {},
      { events: 'many' },
      { events: Array.from({ length: 201 }, () => event('SEEN')) },
    ]) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ meta: { error_code: string } }>().meta.error_code).toBe(
        'invalid_request',
      );
    }
    const notJson = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v2/pingback',
      headers: { 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('records the single events behind a GIF object’s analytics URLs', async () => {
    const gif = await t.jiffy.services.gifRepository.findById('seen1');
    const before = gif!.click_count;
    const payload = encodeURIComponent(analyticsPayload('seen1', 'r2'));
    const response = await t.jiffy.app.inject(
      `/v2/pingback/simple?analytics_response_payload=${payload}&action_type=CLICK`,
    );
    expect(response.statusCode).toBe(204);
    await rollUpAnalytics(t);
    expect((await t.jiffy.services.gifRepository.findById('seen1'))!.click_count).toBe(before + 1);
  });
});
