import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GifListRepository } from '../public-api/gif-list.repository.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { TrendingRepository } from './trending.repository.ts';

const HOUR = 3600_000;

describe('trending from recent engagement', () => {
  let t: TestJiffy;
  let trending: TrendingRepository;
  let lists: GifListRepository;
  const now = Date.now();

  beforeAll(async () => {
    t = await startTestJiffy();
    trending = new TrendingRepository(t.jiffy.database.db);
    lists = new GifListRepository(t.jiffy.database.db);
    const rows: [string, number, number][] = [
      // id, hours since upload, all-time views (which trending ignores)
      ['fresh', 0, 0],
      ['yesterday', 26, 0],
      ['classic', 24 * 365, 1_000_000],
      ['revived', 24 * 365, 0],
      ['faded', 24 * 30, 0],
    ];
    for (const [id, ageHours, views] of rows) {
      await insertGifRow(t.jiffy.services.gifRepository, {
        id,
        created_at: new Date(now - ageHours * HOUR),
        view_count: views,
      });
    }
  });
  afterAll(() => t.stop());

  const pingbacks = async (gifId: string, count: number, hoursAgo: number) => {
    await t.jiffy.database.db
      .insertInto('pingback_events')
      .values(
        Array.from({ length: count }, () => ({
          gif_id: gifId,
          action_type: 'SEEN' as const,
          occurred_at: new Date(now - hoursAgo * HOUR),
        })),
      )
      .execute();
  };
  const order = async () =>
    (
      await lists.trending({
        filter: { type: 'gif', ratings: ['g'] },
        page: { limit: 10, offset: 0 },
      })
    ).map((r) => r.id);

  it('ranks by recent, decayed engagement and recency, recomputed by the job', async () => {
    // Before any pingback: newest first; a million old views do not make a GIF trend.
    expect(await order()).toEqual(['fresh', 'yesterday', 'faded', 'classic', 'revived']);

    await pingbacks('revived', 300, 1); // an old GIF people picked up again this hour
    await pingbacks('yesterday', 40, 2);
    await pingbacks('faded', 5000, 24 * 8); // outside the window: counts for nothing
    // Nothing moves until the job runs: pages stay stable between recomputes.
    expect(await order()).toEqual(['fresh', 'yesterday', 'faded', 'classic', 'revived']);

    expect(await trending.recompute()).toBe(2);
    expect(await order()).toEqual(['revived', 'fresh', 'yesterday', 'faded', 'classic']);
    // Running again with nothing new keeps the order (the decay moves every score alike).
    await trending.recompute();
    expect(await order()).toEqual(['revived', 'fresh', 'yesterday', 'faded', 'classic']);
  });

  it('lets engagement fade: pingbacks count half as much after a day', async () => {
    const row = await t.jiffy.database.db
      .selectFrom('gifs')
      .select(['recent_engagement'])
      .where('id', '=', 'yesterday')
      .executeTakeFirstOrThrow();
    // 40 views two hours ago: 40 × 0.5^(2/24) ≈ 37.8
    expect(row.recent_engagement).toBeCloseTo(40 * 0.5 ** (2 / 24), 1);
  });
});

describe('the trending.recompute job', () => {
  it('runs on its own every TRENDING_RECOMPUTE_SECONDS on a worker', async () => {
    const t = await startTestJiffy({ TRENDING_RECOMPUTE_SECONDS: '1' });
    try {
      await insertGifRow(t.jiffy.services.gifRepository, { id: 'watched' });
      await t.jiffy.database.db
        .insertInto('pingback_events')
        .values({ gif_id: 'watched', action_type: 'CLICK', occurred_at: new Date() })
        .execute();
      const engagement = async () =>
        (
          await t.jiffy.database.db
            .selectFrom('gifs')
            .select('recent_engagement')
            .where('id', '=', 'watched')
            .executeTakeFirstOrThrow()
        ).recent_engagement;
      const deadline = Date.now() + 20_000;
      while ((await engagement()) === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await engagement()).toBeCloseTo(2, 1);
    } finally {
      await t.stop();
    }
  });
});
