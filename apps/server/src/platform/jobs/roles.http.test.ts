import { describe, expect, it, vi } from 'vitest';
import { envSchema, resolveConfig } from '../../app/config/env.ts';
import { createJiffy } from '../../app/jiffy.ts';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { startTestJiffy } from '../../../testing/test-jiffy.ts';

describe('process roles', () => {
  it.skipIf(process.env.DATABASE_URL)(
    'refuses api and worker roles on the embedded database',
    async () => {
      const config = resolveConfig(envSchema.parse({ LOG_LEVEL: 'silent' }));
      await expect(createJiffy({ config, role: 'worker', inMemoryDatabase: true })).rejects.toThrow(
        /needs DATABASE_URL/,
      );
      await expect(createJiffy({ config, role: 'api', inMemoryDatabase: true })).rejects.toThrow(
        /needs DATABASE_URL/,
      );
    },
  );

  // On a server, an api node only records and enqueues; a separate worker node does the work.
  it.runIf(process.env.DATABASE_URL)(
    'an api node enqueues and a worker node processes',
    async () => {
      const api = await startTestJiffy({}, { role: 'api', keepOnStop: true });
      const { DATABASE_URL, DATABASE_SCHEMA } = api.jiffy.config;
      const worker = await startTestJiffy(
        { DATABASE_URL: DATABASE_URL!, DATABASE_SCHEMA: DATABASE_SCHEMA! },
        { role: 'worker', dataDir: api.dataDir },
      );
      try {
        const bytes = await animatedImage({ width: 80, height: 60, frames: 3 });
        const response = await api.jiffy.app.inject({
          method: 'POST',
          url: '/v1/gifs',
          ...multipart({ api_key: api.apiKey }, { name: 'a.gif', bytes }),
        });
        const { id } = response.json<{ data: { id: string } }>().data;
        expect(await api.waitForGif(id, { timeoutMs: 30_000 })).toBe('ready');

        // The worker serves its probes and its metrics, where the processing was counted,
        // and nothing of the API or the site.
        const ready = await worker.jiffy.app.inject('/readyz');
        expect(ready.statusCode).toBe(200);
        // The GIF is ready when the job's transaction commits; the job's duration is counted
        // once its handler has returned, a moment later.
        await vi.waitFor(
          async () => {
            const metrics = (await worker.jiffy.app.inject('/metrics')).body;
            expect(metrics).toMatch(
              /^jiffy_job_duration_seconds_count\{kind="gif\.process",outcome="done"\} 1$/m,
            );
          },
          { timeout: 5_000, interval: 50 },
        );
        const apiMetrics = (await api.jiffy.app.inject('/metrics')).body;
        expect(apiMetrics).not.toMatch(/^jiffy_job_duration_seconds_count\{kind="gif\.process"/m);
        for (const url of [`/v1/gifs/${id}?api_key=${api.apiKey}`, '/', '/openapi.json']) {
          expect((await worker.jiffy.app.inject(url)).statusCode).toBe(404);
        }
      } finally {
        await api.stop();
        await worker.stop();
      }
    },
  );
});
