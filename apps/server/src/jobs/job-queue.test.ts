import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { randomBase62 } from '../lib/ids.ts';
import { JobQueue } from './job-queue.ts';
import type { JobDefinition } from './job-types.ts';

const url = process.env.DATABASE_URL;

describe('job queue', () => {
  let handle: DatabaseHandle;
  let queue: JobQueue;
  const schema = `t_${randomBase62(10).toLowerCase()}`;
  const attempts: string[] = [];
  const gaveUp: string[] = [];

  // One kind that fails twice then succeeds, one that always throws: the real retry machinery.
  const flaky = {
    name: 'gif.process',
    policy: { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, priority: 0 },
    async handle({ gifId }: { gifId: string }) {
      attempts.push(gifId);
      if (gifId.startsWith('always')) throw new Error('broken for good');
      if (attempts.filter((a) => a === gifId).length < 3) throw new Error('transient');
      return 'success' as const;
    },
    async onGiveUp({ gifId }: { gifId: string }) {
      gaveUp.push(gifId);
    },
  } satisfies JobDefinition<'gif.process'>;

  beforeAll(async () => {
    handle = await openDatabase({ url, schema: url ? schema : undefined });
    await migrateToLatest(handle);
    queue = new JobQueue({
      executor: handle.queueExecutor,
      schema: `${schema}_jobs`,
      maintenanceIntervalSeconds: 1,
      jobTimeoutSeconds: 30,
      log: () => {},
    });
    queue.register([flaky]);
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    if (url) {
      await sql
        .raw(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA ${schema}_jobs CASCADE`)
        .execute(handle.db);
    }
    await handle.close();
  });

  const jobCount = async () => {
    const result = await handle.queueExecutor.executeSql(
      `SELECT count(*)::int AS n FROM ${schema}_jobs.job`,
      [],
    );
    return (result.rows[0] as { n: number }).n;
  };

  it('enqueues inside the caller’s transaction: a rollback takes the job with it', async () => {
    const before = await jobCount();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await queue.enqueue({ name: 'gif.process', data: { gifId: 'rolled-back' } }, trx);
        throw new Error('abort the upload');
      }),
    ).rejects.toThrow('abort the upload');
    expect(await jobCount()).toBe(before);

    await handle.db.transaction().execute(async (trx) => {
      await queue.enqueue({ name: 'gif.process', data: { gifId: 'committed' } }, trx);
    });
    expect(await jobCount()).toBe(before + 1);
  });

  it('retries a throwing job with its policy until it succeeds', async () => {
    await queue.work(1);
    await queue.enqueue({ name: 'gif.process', data: { gifId: 'flaky' } });
    queue.wake();
    await waitFor(() => attempts.filter((a) => a === 'flaky').length === 3, 20_000);
    expect(gaveUp).not.toContain('flaky');
  });

  it('gives up after the last retry and lets the job clean up', async () => {
    await queue.enqueue({ name: 'gif.process', data: { gifId: 'always-broken' } });
    queue.wake();
    await waitFor(() => gaveUp.includes('always-broken'), 20_000);
    expect(attempts.filter((a) => a === 'always-broken')).toHaveLength(3);
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
