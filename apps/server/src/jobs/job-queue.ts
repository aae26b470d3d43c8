import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { SqlExecutor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AnyJobDefinition, JobName, JobRequest } from './job-types.ts';

/** All media work shares one queue so a concurrency cap covers every kind and priority orders it. */
const QUEUE = 'media';

interface QueuedJob {
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
  log: Logger;
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

  /** Enqueues a job in `trx` (when given) so it commits or rolls back with the caller's rows. */
  async enqueue(job: JobRequest, trx?: Transaction<Database> | Kysely<Database>): Promise<void> {
    await this.#send(job, trx ? { db: transactionExecutor(trx) } : {});
  }

  /**
   * Enqueues `job` at most once per `periodSeconds` across every process sharing the queue
   * (pg-boss singletons), for periodic work that each worker node asks for.
   */
  async enqueuePeriodic(job: JobRequest, periodSeconds: number): Promise<void> {
    await this.#send(job, { singletonKey: job.name, singletonSeconds: periodSeconds });
  }

  async #send(job: JobRequest, extra: PgBoss.SendOptions): Promise<void> {
    const definition = this.#definitions.get(job.name);
    if (!definition) throw new Error(`no definition for job ${job.name}`);
    const { retryLimit, retryDelaySeconds, retryBackoff, priority } = definition.policy;
    await this.#boss.send(QUEUE, { name: job.name, data: job.data } satisfies QueuedJob, {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff,
      priority,
      expireInSeconds: this.#options.jobTimeoutSeconds,
      ...extra,
    });
  }

  /** Makes idle local workers look for work now instead of at their next poll. */
  wake(): void {
    for (const id of this.#workerIds) this.#boss.notifyWorker(id);
  }

  /** Starts `concurrency` workers in this process. */
  async work(concurrency: number): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      const id = await this.#boss.work<QueuedJob>(
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
          }
        },
      );
      this.#workerIds.push(id);
    }
  }

  /**
   * Retries jobs left active by a crashed process. Only safe when no other process can be working
   * them — true on the embedded engine, which one process owns. On a server the queue's own
   * expiry (jobTimeoutSeconds) does this.
   */
  async recoverOrphans(): Promise<number> {
    const result = await this.#options.executor.executeSql(
      `SELECT id FROM ${this.#options.schema}.job WHERE name = $1 AND state = 'active'`,
      [QUEUE],
    );
    const ids = (result.rows as { id: string }[]).map((r) => r.id);
    if (ids.length > 0) await this.#boss.fail(QUEUE, ids);
    return ids.length;
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
      const outcome = await definition.handle(job.data.data as never, {
        finalAttempt,
        signal: controller.signal,
      });
      this.#options.log.info(
        { job: definition.name, outcome, ms: Date.now() - started, data: job.data.data },
        'job done',
      );
    } catch (error) {
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
