import { describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

/**
 * Node A (all roles) and node B (API only) on one PostgreSQL schema, as two API nodes of one
 * instance. B leaves the schema alone when it stops; A, stopped last, drops it, so no node is
 * still at work on a schema being dropped (that raced into a deadlock once in CI).
 */
async function withTwoNodes(test: (a: TestJiffy, b: TestJiffy) => Promise<void>): Promise<void> {
  const a = await startTestJiffy();
  const { DATABASE_URL, DATABASE_SCHEMA } = a.jiffy.config;
  const b = await startTestJiffy(
    { DATABASE_URL: DATABASE_URL!, DATABASE_SCHEMA: DATABASE_SCHEMA! },
    { role: 'api', dataDir: a.dataDir, keepOnStop: true },
  );
  try {
    await test(a, b);
  } finally {
    await b.stop();
    await a.stop();
  }
}

describe('takedowns across API nodes', () => {
  // Only a PostgreSQL server has several nodes; the embedded database belongs to one process.
  it.runIf(process.env.DATABASE_URL)(
    "another node's cached search answer loses a taken-down GIF within a second",
    async () => {
      await withTwoNodes(async (a, b) => {
        const { mod } = await signedInUsers(a, [['mod', 'moderator']]);
        await insertGifRow(a.jiffy.services.gifRepository, { id: 'otter1', title: 'Otter nap' });
        await insertGifRow(a.jiffy.services.gifRepository, { id: 'otter2', title: 'Otter swim' });
        const searchOnB = async () =>
          (await b.jiffy.app.inject(`/v1/gifs/search?q=otter&api_key=${b.apiKey}`))
            .json<{ data: { id: string }[] }>()
            .data.map((g) => g.id);
        expect((await searchOnB()).sort()).toEqual(['otter1', 'otter2']); // now kept on B for 30 s

        const taken = await mod!.post('/api/v3/content-takedown/takedown', {
          gif_id: 'otter1',
          reason: 'spam',
        });
        expect(taken.statusCode).toBe(200);
        const answered = Date.now();
        let shown = await searchOnB();
        while (shown.includes('otter1') && Date.now() - answered < 1000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          shown = await searchOnB();
        }
        expect(shown).toEqual(['otter2']);
      });
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    "another node's kept media answer stops serving a taken-down GIF within a second",
    async () => {
      await withTwoNodes(async (a, b) => {
        const { mod } = await signedInUsers(a, [['mod', 'moderator']]);
        const bytes = await animatedImage({ width: 120, height: 90, frames: 3 });
        const upload = await a.jiffy.app.inject({
          method: 'POST',
          url: '/v1/gifs',
          ...multipart({ api_key: a.apiKey }, { name: 'a.gif', bytes }),
        });
        const id = upload.json<{ data: { id: string } }>().data.id;
        // Every rendition made: no job of A still runs when the test drops its schema.
        await a.waitForGif(id, { complete: true });
        const mediaOnB = () => b.jiffy.app.inject(`/media/${id}/original.gif`);
        expect((await mediaOnB()).statusCode).toBe(200); // now kept on B
        expect((await mediaOnB()).statusCode).toBe(200);
        expect(b.jiffy.services.servableRenditions.hits).toBeGreaterThan(0);

        const taken = await mod!.post('/api/v3/content-takedown/takedown', {
          gif_id: id,
          reason: 'spam',
        });
        expect(taken.statusCode).toBe(200);
        const answered = Date.now();
        // 410 says B asked the database again; a kept row would find the file gone (404).
        let status = (await mediaOnB()).statusCode;
        while (status !== 410 && Date.now() - answered < 1000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          status = (await mediaOnB()).statusCode;
        }
        expect(status).toBe(410);
      });
    },
  );
});

describe('trending term rules across API nodes', () => {
  it.runIf(process.env.DATABASE_URL)(
    "a term a moderator hides on one node leaves another node's trending searches within a second",
    async () => {
      await withTwoNodes(async (a, b) => {
        const { mod } = await signedInUsers(a, [['mod', 'moderator']]);
        await insertGifRow(a.jiffy.services.gifRepository, {
          id: 'heron1',
          title: 'Heron fishing',
          tags: ['heron'],
        });
        // Three people (the default TRENDING_SEARCH_MIN_VISITORS) search it on node A.
        for (const remoteAddress of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
          const search = await a.jiffy.app.inject({
            url: `/v1/gifs/search?q=heron&api_key=${a.apiKey}`,
            remoteAddress,
          });
          expect(search.statusCode).toBe(200);
        }
        // Node A writes the searches it counted now (on its own it does within a second).
        await a.jiffy.services.discovery.flushSearchCounts();
        const trendingOnB = async () => ({
          giphy: (await b.jiffy.app.inject(`/v1/trending/searches?api_key=${b.apiKey}`)).json<{
            data: string[];
          }>().data,
          tenor: (await b.jiffy.app.inject(`/v2/trending_terms?key=${b.apiKey}`)).json<{
            results: string[];
          }>().results,
        });
        expect(await trendingOnB()).toEqual({ giphy: ['heron'], tenor: ['heron'] });

        const hidden = await mod!.post('/api/v4/moderation/trending-searches/hide', {
          term: 'heron',
        });
        expect(hidden.statusCode).toBe(200);
        const answered = Date.now();
        let shown = await trendingOnB();
        while (shown.giphy.length + shown.tenor.length > 0 && Date.now() - answered < 1000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          shown = await trendingOnB();
        }
        expect(shown).toEqual({ giphy: [], tenor: [] });
      });
    },
  );
});
