import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { rollUpAnalytics } from '../apps/server/testing/analytics-rollup.ts';
import { insertGifRow } from '../apps/server/testing/gif-rows.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';

// GIPHY's own analytics package, pointed at Jiffy: its pingbacks land in /v2/pingback and count.
describe('@giphy/js-analytics against Jiffy', () => {
  let t: TestJiffy;
  let origin: string;
  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy({ ANALYTICS_ROLLUP_LAG_SECONDS: '0' }));
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'tracked', title: 'Tracked' });
  });
  afterAll(() => t.stop());

  it('sends SEEN and CLICK pingbacks that feed the GIF’s counters', async () => {
    // The package reads its endpoint from this global when it loads.
    (globalThis as { GIPHY_PINGBACK_URL?: string }).GIPHY_PINGBACK_URL = origin;
    const { pingback } = await import('@giphy/js-analytics');
    const gif = (await t.jiffy.app.inject(`/v1/gifs/tracked?api_key=${t.apiKey}`)).json<{
      data: { analytics_response_payload: string };
    }>().data;
    const analyticsResponsePayload = gif.analytics_response_payload;
    pingback({ actionType: 'SEEN', analyticsResponsePayload, attributes: { layout_type: 'GRID' } });
    pingback({ actionType: 'SEEN', analyticsResponsePayload, attributes: { layout_type: 'GRID' } });
    pingback({ actionType: 'CLICK', analyticsResponsePayload, queueEvents: false });

    // The pingbacks are stored as they land; the counters follow at the next roll-up.
    const stored = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pingback_events
          WHERE gif_id = 'tracked'`.execute(t.jiffy.database.db)
      ).rows[0]!.n;
    const deadline = Date.now() + 10_000;
    while ((await stored()) < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await rollUpAnalytics(t);
    const row = await t.jiffy.services.gifRepository.findById('tracked');
    expect(row).toMatchObject({ view_count: 2, click_count: 1 });
  });
});
