import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type SqlExecutor } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { randomBase62 } from '../lib/ids.ts';
import { JobQueue } from './job-queue.ts';
import { JobInterrupted, type JobDefinition } from './job-types.ts';

const url = process.env.DATABASE_URL;

/** A migrated database of its own (a schema on the server) for a queue under test. */
async function openQueueDatabase(schema: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ url, schema: url ? schema : undefined });
  await migrateToLatest(handle);
  return handle;
}

async function closeQueueDatabase(handle: DatabaseHandle, schema: string): Promise<void> {
  if (url) {
    await sql
      .raw(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA ${schema}_jobs CASCADE`)
      .execute(handle.db);
  }
  await handle.close();
}

/** A queue in `schema`'s own jobs schema, with short upkeep so retries come quickly. */
const queueOn = (schema: string, executor: SqlExecutor) =>
  new JobQueue({
    executor,
    schema: `${schema}_jobs`,
    maintenanceIntervalSeconds: 1,
    jobTimeoutSeconds: 30,
    log: pino({ level: 'silent' }),
  });

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
    handle = await openQueueDatabase(schema);
    queue = queueOn(schema, handle.queueExecutor);
    queue.register([flaky]);
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await closeQueueDatabase(handle, schema);
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

describe('job queue stopping while a worker’s fetch is still on the wire', () => {
  const schema = `t_${randomBase62(10).toLowerCase()}`;
  const ran: string[] = [];
  const job = {
    name: 'gif.process',
    policy: { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, priority: 0 },
    async handle({ gifId }: { gifId: string }) {
      ran.push(gifId);
      return 'success' as const;
    },
  } satisfies JobDefinition<'gif.process'>;

  it('sends nothing after stop() resolves, and the fetched job runs after the next start', async () => {
    const handle = await openQueueDatabase(schema);
    // Holds the first fetch that hands out a job until stop() has begun, as a slow network would.
    let releaseFetch = () => {};
    const fetchReleased = new Promise<void>((resolve) => (releaseFetch = resolve));
    let fetchHeld = false;
    let stopped = false;
    const sentAfterStop: string[] = [];
    const executor: SqlExecutor = {
      async executeSql(text, values) {
        if (stopped) sentAfterStop.push(text.slice(0, 80));
        const result = await handle.queueExecutor.executeSql(text, values);
        if (/SKIP LOCKED/.test(text) && result.rows.length > 0 && !fetchHeld) {
          fetchHeld = true;
          await fetchReleased;
        }
        return result;
      },
    };
    const first = queueOn(schema, executor);
    first.register([job]);
    await first.start();
    await first.work(1);
    await first.enqueue({ name: 'gif.process', data: { gifId: 'fetched-at-stop' } });
    first.wake();
    await waitFor(() => fetchHeld, 10_000);

    const stopping = first.stop();
    setTimeout(releaseFetch, 200);
    await stopping;
    stopped = true;
    // Anything pg-boss still had to say would be sent within a few turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentAfterStop).toEqual([]);
    expect(ran).toEqual([]);

    const second = queueOn(schema, handle.queueExecutor);
    second.register([job]);
    await second.start();
    await second.work(1);
    try {
      await waitFor(() => ran.includes('fetched-at-stop'), 20_000);
    } finally {
      await second.stop();
      await closeQueueDatabase(handle, schema);
    }
  });
});

// A crash during the final attempt used to fail the job with no give-up, so
// its GIF stayed processing. The crash is staged by marking jobs active, as a dead process
// leaves them; recoverOrphans runs at the next start, before any worker.
describe('job queue recovering jobs a crash left active', () => {
  const schema = `t_${randomBase62(10).toLowerCase()}`;
  const gaveUp: { gifId: string; error: unknown }[] = [];
  const job = {
    name: 'gif.process',
    policy: { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false, priority: 0 },
    async handle() {
      return 'success' as const;
    },
    async onGiveUp({ gifId }: { gifId: string }, error: unknown) {
      gaveUp.push({ gifId, error });
    },
  } satisfies JobDefinition<'gif.process'>;

  it('gives up a job interrupted on its final attempt, and retries the others', async () => {
    const handle = await openQueueDatabase(schema);
    const queue = queueOn(schema, handle.queueExecutor);
    queue.register([job]);
    await queue.start();
    try {
      await queue.enqueue({ name: 'gif.process', data: { gifId: 'first-attempt' } });
      await queue.enqueue({ name: 'gif.process', data: { gifId: 'final-attempt' } });
      await handle.queueExecutor.executeSql(
        `UPDATE ${schema}_jobs.job SET state = 'active', started_on = now(),
           retry_count = CASE WHEN data->'data'->>'gifId' = 'final-attempt' THEN 1 ELSE 0 END`,
        [],
      );

      expect(await queue.recoverOrphans()).toBe(2);

      expect(gaveUp.map((g) => g.gifId)).toEqual(['final-attempt']);
      expect(gaveUp[0]!.error).toBeInstanceOf(JobInterrupted);
      const live = await queue.liveJobs(['gif.process']);
      expect(live.map((j) => (j.data as { gifId: string }).gifId)).toEqual(['first-attempt']);
    } finally {
      await queue.stop();
      await closeQueueDatabase(handle, schema);
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
