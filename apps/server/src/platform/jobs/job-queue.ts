import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import { pino, type Logger } from 'pino';
import type { SqlExecutor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  JobInterrupted,
  type AnyJobDefinition,
  type JobLane,
  type JobName,
  type JobRequest,
} from './job-types.ts';

/** All media work shares one queue so a concurrency cap covers every kind and priority orders it. */
const QUEUE = 'media';

/**
 * pg-boss priority = kind priority × KIND_STEP − lane backlog (capped below KIND_STEP), minus
 * BACKGROUND for background lanes: kinds keep their order, a lane's n-th job waits behind every
 * lane's (n−1)-th, and background work waits behind every other job.
 */
const KIND_STEP = 1000;
const BACKGROUND = 1_000_000;

interface QueuedJob {
  name: JobName;
  data: unknown;
  /** Key of the job's lane; absent for jobs outside fair queueing (periodic upkeep). */
  lane?: string;
  background?: boolean;
}

/** A job not yet ended (waiting, waiting to retry, or running). */
export interface LiveJob {
  name: JobName;
  data: unknown;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  /** Schema for the queue's own tables (tests use one each). */
  schema: string;
  maintenanceIntervalSeconds: number;
  /** A job active longer than this is presumed dead (its worker crashed) and retried. */
  jobTimeoutSeconds: number;
  /** Replaces every kind's first retry delay (tests, and operators who want faster retries). */
  retryDelaySeconds?: number;
  log: Logger;
  /** Told of every attempt that ends, with how long it ran (metrics). */
  onJobEnd?: (kind: JobName, outcome: 'done' | 'failed', ms: number) => void;
}

/** One kind's jobs not yet ended, for metrics. */
export interface QueueKindBacklog {
  kind: JobName;
  /** New, or waiting for a retry (whether or not its start time has come). */
  waiting: number;
  active: number;
  /** Seconds since the oldest waiting job was enqueued (0 when none waits). */
  oldestWaitingSeconds: number;
}

/**
 * A durable job queue on PostgreSQL (pg-boss), usable on the embedded engine and on a server.
 * Jobs are enqueued inside the caller's transaction, so a committed row always has its job.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #options: JobQueueOptions;
  readonly #definitions = new Map<JobName, AnyJobDefinition>();
  readonly #workerIds: string[] = [];
  /** Handlers running now, each with what aborts it; each may still be using the database. */
  readonly #running = new Map<AbortController, Promise<void>>();
  /** Queue statements not yet answered; pg-boss fires some (complete, fail) without awaiting them. */
  readonly #inFlight = new Set<Promise<unknown>>();
  #stopping = false;

  constructor(options: JobQueueOptions) {
    this.#options = options;
    this.#boss = new PgBoss({
      db: this.#trackedExecutor(options.executor),
      schema: options.schema,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      superviseIntervalSeconds: Math.min(60, options.maintenanceIntervalSeconds),
      monitorStateIntervalSeconds: 3600,
    } as PgBoss.ConstructorOptions);
    this.#boss.on('error', (error: Error) =>
      options.log.error({ error: error.message }, 'queue error'),
    );
  }

  /** Schema holding the queue's tables. */
  get schema(): string {
    return this.#options.schema;
  }

  async start(): Promise<void> {
    await this.#boss.start();
    await this.#boss.createQueue(QUEUE);
  }

  register(definitions: AnyJobDefinition[]): void {
    for (const definition of definitions) this.#definitions.set(definition.name, definition);
  }

  /**
   * Enqueues a job in `trx` (when given) so it commits or rolls back with the caller's rows.
   * A `lane` (whose work it is) places it fairly among other lanes' jobs of its kind.
   */
  async enqueue(
    job: JobRequest,
    trx?: Transaction<Database> | Kysely<Database>,
    options: { lane?: JobLane | null } = {},
  ): Promise<string | null> {
    const executor = trx ? transactionExecutor(trx) : this.#options.executor;
    const lane = options.lane ?? null;
    const backlog = lane ? await this.#backlog(job.name, lane.key, executor) : 0;
    return this.#send(job, trx ? { db: executor } : {}, lane, backlog);
  }

  /**
   * Enqueues `job` at most once per `periodSeconds` across every process sharing the queue
   * (pg-boss singletons), for periodic work that each worker node asks for.
   */
  async enqueuePeriodic(job: JobRequest, periodSeconds: number): Promise<void> {
    await this.#send(job, { singletonKey: job.name, singletonSeconds: periodSeconds });
  }

  async #send(
    job: JobRequest,
    extra: PgBoss.SendOptions,
    lane: JobLane | null = null,
    backlog = 0,
  ): Promise<string | null> {
    const definition = this.#definitions.get(job.name);
    if (!definition) throw new Error(`no definition for job ${job.name}`);
    const { retryLimit, retryDelaySeconds, retryBackoff, priority } = definition.policy;
    const queued: QueuedJob = { name: job.name, data: job.data };
    if (lane) {
      queued.lane = lane.key;
      if (lane.background) queued.background = true;
    }
    return this.#boss.send(QUEUE, queued, {
      retryLimit,
      retryDelay: this.#options.retryDelaySeconds ?? retryDelaySeconds,
      retryBackoff,
      priority:
        priority * KIND_STEP -
        Math.min(backlog, KIND_STEP - 1) -
        (lane?.background ? BACKGROUND : 0),
      expireInSeconds: this.#options.jobTimeoutSeconds,
      ...extra,
    });
  }

  /** Jobs of `name` in `lane` not yet ended: where a new one stands in its lane's turn. */
  async #backlog(name: JobName, lane: string, executor: SqlExecutor): Promise<number> {
    const result = await executor.executeSql(
      `SELECT count(*)::int AS n FROM ${this.#options.schema}.job
        WHERE name = $1 AND state < 'completed' AND data->>'name' = $2 AND data->>'lane' = $3`,
      [QUEUE, name, lane],
    );
    return (result.rows[0] as { n: number }).n;
  }

  /**
   * A job's state and what it works on, whether still in the queue or archived; undefined for
   * an id that names no job of ours (or is not a uuid).
   */
  async findJob(id: string): Promise<{ state: string; job: LiveJob } | undefined> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      return undefined;
    const schema = this.#options.schema;
    const result = await this.#options.executor.executeSql(
      `SELECT state, data FROM ${schema}.job WHERE name = $1 AND id = $2::uuid
       UNION ALL SELECT state, data FROM ${schema}.archive WHERE name = $1 AND id = $2::uuid`,
      [QUEUE, id],
    );
    const row = result.rows[0] as { state: string; data: QueuedJob } | undefined;
    return row && { state: row.state, job: { name: row.data.name, data: row.data.data } };
  }

  /** Every job not yet ended (waiting, waiting for a retry, or running) of the given kinds. */
  async liveJobs(names: JobName[]): Promise<LiveJob[]> {
    const result = await this.#options.executor.executeSql(
      `SELECT data FROM ${this.#options.schema}.job
        WHERE name = $1 AND state < 'completed' AND data->>'name' = ANY($2::text[])`,
      [QUEUE, names],
    );
    return (result.rows as { data: QueuedJob }[]).map(({ data }) => ({
      name: data.name,
      data: data.data,
    }));
  }

  /**
   * Every registered kind's backlog: one grouped read of the jobs not yet ended (an index scan
   * of live rows, which pg-boss keeps apart from archived ones). Kinds with nothing live are 0.
   */
  async backlog(): Promise<QueueKindBacklog[]> {
    const result = await this.#options.executor.executeSql(
      `SELECT data->>'name' AS kind,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              coalesce(extract(epoch FROM now() - min(created_on)
                FILTER (WHERE state IN ('created', 'retry'))), 0)::float8 AS oldest
         FROM ${this.#options.schema}.job
        WHERE name = $1 AND state < 'completed'
        GROUP BY 1`,
      [QUEUE],
    );
    const live = new Map(
      (result.rows as { kind: JobName; waiting: number; active: number; oldest: number }[]).map(
        (row) => [row.kind, row],
      ),
    );
    return [...this.#definitions.keys()].map((kind) => {
      const row = live.get(kind);
      return {
        kind,
        waiting: row?.waiting ?? 0,
        active: row?.active ?? 0,
        oldestWaitingSeconds: Math.max(0, Number(row?.oldest ?? 0)),
      };
    });
  }

  /** Answers when the queue's tables can be read (readiness). */
  async ping(): Promise<void> {
    await this.#options.executor.executeSql(
      `SELECT 1 FROM ${this.#options.schema}.queue WHERE name = $1`,
      [QUEUE],
    );
  }

  /** Makes idle local workers look for work now instead of at their next poll. */
  wake(): void {
    for (const id of this.#workerIds) this.#boss.notifyWorker(id);
  }

  /** Starts `concurrency` workers in this process. */
  async work(concurrency: number): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      let id = '';
      id = await this.#boss.work<QueuedJob>(
        QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          // A fetch answered after stop() began: hand the job back (pg-boss fails it, so it is
          // retried after the next start) rather than run it against a closing database.
          if (this.#stopping) throw new Error('shutting down; retried after the next start');
          const controller = new AbortController();
          const run = this.#run(job, controller);
          this.#running.set(controller, run);
          try {
            await run;
          } finally {
            this.#running.delete(controller);
            // Fetch the next job at once rather than after the polling interval: a backlog
            // drains back to back (pg-boss otherwise waits out the interval after each job).
            if (!this.#stopping) this.#boss.notifyWorker(id);
          }
        },
      );
      this.#workerIds.push(id);
    }
  }

  /**
   * Retries jobs left active by a crashed process, and gives up those that were on their final
   * attempt (their kind's onGiveUp settles the subject, as if the attempt had thrown). Only safe
   * when no other process can be working them — true on the embedded engine, which one process
   * owns. On a server the queue's own expiry (jobTimeoutSeconds) retries them, and the caller's
   * sweep settles subjects whose final attempt expired.
   */
  async recoverOrphans(): Promise<number> {
    const result = await this.#options.executor.executeSql(
      `SELECT id, data, retry_count, retry_limit FROM ${this.#options.schema}.job
        WHERE name = $1 AND state = 'active'`,
      [QUEUE],
    );
    const rows = result.rows as {
      id: string;
      data: QueuedJob;
      retry_count: number;
      retry_limit: number;
    }[];
    if (rows.length === 0) return 0;
    await this.#boss.fail(
      QUEUE,
      rows.map((r) => r.id),
    );
    const interrupted = new JobInterrupted();
    for (const row of rows) {
      if (row.retry_count < row.retry_limit) continue;
      this.#options.log.error(
        { job: row.data.name, data: row.data.data },
        'job given up after an interrupted final attempt',
      );
      await this.#definitions.get(row.data.name)?.onGiveUp?.(row.data.data as never, interrupted);
    }
    return rows.length;
  }

  /**
   * Stops fetching, aborts running jobs (they are retried later) and waits for them, and for the
   * statements that record their outcome, so the caller may close the database afterwards.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    for (const controller of this.#running.keys()) controller.abort(new Error('shutting down'));
    await this.#boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    // pg-boss's graceful stop does not see a fetch still on the wire, nor the complete/fail it
    // sends, unawaited, a few microtasks after a handler returns. Each turn of the event loop
    // lets such statements start, so they are in #inFlight before it is found empty.
    do {
      await Promise.allSettled([...this.#inFlight, ...this.#running.values()]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.#inFlight.size > 0 || this.#running.size > 0);
  }

  #trackedExecutor(executor: SqlExecutor): SqlExecutor {
    return {
      executeSql: (text, values) => {
        const pending = executor.executeSql(text, values);
        this.#inFlight.add(pending);
        const forget = () => this.#inFlight.delete(pending);
        pending.then(forget, forget);
        return pending;
      },
    };
  }

  async #run(job: PgBoss.JobWithMetadata<QueuedJob>, controller: AbortController): Promise<void> {
    const definition = this.#definitions.get(job.data.name);
    if (!definition) throw new Error(`no handler for job ${job.data.name}`);
    const deadline = setTimeout(
      () => controller.abort(new Error('job deadline passed')),
      this.#options.jobTimeoutSeconds * 1000 - 1000,
    );
    const finalAttempt = job.retryCount >= job.retryLimit;
    const started = Date.now();
    this.#options.log.info(
      { job: definition.name, data: job.data.data, attempt: job.retryCount + 1 },
      'job started',
    );
    try {
      const { lane, background } = job.data;
      const outcome = await definition.handle(job.data.data as never, {
        finalAttempt,
        signal: controller.signal,
        lane: lane ? { key: lane, background } : null,
      });
      const ms = Date.now() - started;
      this.#options.log.info(
        { job: definition.name, outcome, ms, data: job.data.data },
        'job done',
      );
      this.#options.onJobEnd?.(definition.name, 'done', ms);
    } catch (error) {
      this.#options.onJobEnd?.(definition.name, 'failed', Date.now() - started);
      // Retried unless final: a warning until the job gives up, then an error.
      this.#options.log[finalAttempt ? 'error' : 'warn'](
        {
          job: definition.name,
          error: error instanceof Error ? error.message : String(error),
          finalAttempt,
        },
        'job threw',
      );
      if (finalAttempt) await definition.onGiveUp?.(job.data.data as never, error);
      throw error;
    } finally {
      clearTimeout(deadline);
    }
  }
}

/** pg-boss's executor interface over a Kysely transaction. */
function transactionExecutor(trx: Transaction<Database> | Kysely<Database>): SqlExecutor {
  return {
    executeSql: (text, values) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])),
  };
}

/**
 * Makes the queue's tables in `schema` (pg-boss creates them on its first start), for a database
 * no Jiffy has started on yet: a restore's target, a migrated template.
 */
export async function ensureQueueTables(executor: SqlExecutor, schema: string): Promise<void> {
  const queue = new JobQueue({
    executor,
    schema,
    maintenanceIntervalSeconds: 3600,
    jobTimeoutSeconds: 600,
    log: pino({ level: 'silent' }),
  });
  await queue.start();
  await queue.stop();
}
