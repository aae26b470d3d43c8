import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { buildApp } from './http-app.ts';
import { logRedaction } from '../platform/http/log-redaction.ts';
import { makeAdmin } from '../modules/accounts/index.ts';
import { runOperatorCommand } from './operator/operator-commands.ts';
import { listenForOperator } from './operator/operator-socket.server.ts';
import { createServices, type Services } from './services.ts';
import { startPeriodicJobs } from '../platform/jobs/periodic-jobs.ts';
import { queueSchemaOf } from '../platform/jobs/queue-schema.ts';
import { listenForPurges } from '../modules/moderation/index.ts';
import { systemClock, type Clock } from '../platform/lib/clock.ts';

// The version of the checkout, from the workspace root's package.json.
const JIFFY_VERSION =
  (
    JSON.parse(await fs.readFile(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    }
  ).version ?? '0.0.0';

/** `all` serves HTTP and works jobs; `api` only serves; `worker` only works jobs. */
export type Role = 'all' | 'api' | 'worker';

export interface JiffyOptions {
  config: Config;
  role?: Role;
  /** False for one-off commands (admin CLI): no job is picked up or retried by this process. */
  startWorkers?: boolean;
  /** Tests: an in-memory embedded database instead of `DATA_DIR/db`. */
  inMemoryDatabase?: boolean;
  /** Tests: a new embedded database (in memory or on disk) starts as a copy of this dump. */
  databaseTemplate?: Uint8Array;
  /** Tests: where log lines go instead of stdout. */
  logStream?: DestinationStream;
  /** Tests: the time the trending schedule, stories and kept answers go by. */
  clock?: Clock;
}

/** A running Jiffy: its configuration, database, services and HTTP app. */
export interface Jiffy {
  config: Config;
  role: Role;
  log: Logger;
  database: DatabaseHandle;
  services: Services;
  /** The HTTP app: every surface, or on a worker only `/healthz`, `/readyz` and `/metrics`. */
  app: FastifyInstance;
  defaultApiKey: string;
  /** Starts listening; resolves to the address. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it, starts the queue (and this process's workers unless the role
 * is `api`) and builds the HTTP app (only the ops routes for a `worker`).
 */
export async function createJiffy(options: JiffyOptions): Promise<Jiffy> {
  const { config } = options;
  const role = options.role ?? 'all';
  const logOptions = { level: config.LOG_LEVEL, ...logRedaction };
  const log = options.logStream ? pino(logOptions, options.logStream) : pino(logOptions);
  if (!config.DATABASE_URL && role !== 'all') {
    throw new Error(
      `--role=${role} needs DATABASE_URL: the embedded database belongs to one process`,
    );
  }
  const schema = config.DATABASE_URL ? config.DATABASE_SCHEMA : undefined;
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: options.inMemoryDatabase ? undefined : config.dbDir,
    schema,
    poolSize: config.DATABASE_POOL_SIZE,
    startFrom: options.databaseTemplate,
    sharedBuffersMb: config.EMBEDDED_DB_CACHE_MB,
  });
  const applied = await migrateToLatest(database);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');

  const redis =
    config.REDIS_URL && role !== 'worker'
      ? new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 })
      : undefined;
  if (redis) {
    // ioredis reconnects by itself; say once that the connection is lost, and once it is back
    // (`/readyz` reports it meanwhile). Unlistened, every failed reconnection is printed.
    let lost = false;
    redis.on('error', (error: Error) => {
      if (!lost) log.warn({ service: 'redis', error: error.message }, 'Redis connection lost');
      lost = true;
    });
    redis.on('ready', () => {
      if (lost) log.warn({ service: 'redis' }, 'Redis connection back');
      lost = false;
    });
  }
  await redis?.connect();
  const services = createServices({
    config,
    database,
    redis,
    queueSchema: queueSchemaOf(config),
    logger: log,
    clock: options.clock ?? systemClock,
    version: JIFFY_VERSION,
  });
  await services.queue.start();
  const defaultApiKey = await services.apiKeys.ensureDefault(config.JIFFY_API_KEY);
  if (config.JIFFY_ADMIN && role !== 'worker' && !(await services.users.anyAdmin())) {
    const outcome = await makeAdmin(
      services,
      {
        username: config.JIFFY_ADMIN,
        email: config.JIFFY_ADMIN_EMAIL ?? null,
        password: config.JIFFY_ADMIN_PASSWORD,
      },
      'operator: JIFFY_ADMIN on first start',
    );
    // The generated password goes to the log once, like the default API key at first start.
    log.warn(
      outcome.kind === 'created' && outcome.password ? { password: outcome.password } : {},
      `first admin ${outcome.username} ${outcome.kind} from JIFFY_ADMIN`,
    );
  }

  // Nodes keeping cached answers hear other nodes' takedowns, restores and deletes.
  const stopPurgeListener =
    config.DATABASE_URL && role !== 'worker'
      ? await listenForPurges({
          url: config.DATABASE_URL,
          schema: database.schema,
          // The drops the announcing node named, by cache; a notice without any, by its GIF.
          onPurge: (gifId, drops) =>
            drops ? services.cachePurge.drop(drops) : services.cachePurge.purge(gifId),
          onTermRules: () => {
            services.trendingTermRules
              .reload()
              .catch((error: unknown) =>
                log.warn({ err: error }, 'could not read the trending term rules again'),
              );
          },
          log: (message, extra) => log.warn(extra ?? {}, message),
        })
      : async () => {};
  let stopPeriodicJobs = (): void => {};
  if (role !== 'api' && options.startWorkers !== false) {
    if (database.engine === 'pglite') {
      const recovered = await services.queue.recoverOrphans();
      if (recovered > 0) log.warn({ recovered }, 'retrying jobs interrupted by the last stop');
      // Work files a crash left behind; this process owns the folder, as it owns the database.
      await fs.rm(path.join(config.DATA_DIR, 'tmp'), { recursive: true, force: true });
    }
    // What the last stop (or an expired final attempt) left unsettled, before new work starts.
    await services.settleSweep.run();
    // Media served straight from a bucket never asks Jiffy, which otherwise draws the default
    // avatars on the first ask: a worker stores them at start (once; in the background).
    if (config.STORAGE === 's3' && config.MEDIA_BASE_URL) {
      services.avatars
        .ensureDefaults()
        .catch((error: unknown) =>
          log.error({ err: error }, 'could not store the default avatars'),
        );
    }
    await services.queue.work(config.WORKER_CONCURRENCY);
    stopPeriodicJobs = startPeriodicJobs(
      services.queue,
      [
        {
          job: { name: 'trending.recompute', data: {} },
          periodSeconds: config.TRENDING_RECOMPUTE_SECONDS,
        },
        { job: { name: 'gif.settle', data: {} }, periodSeconds: config.SETTLE_SWEEP_SECONDS },
        // Quarantined takedown files past TAKEDOWN_RETENTION_DAYS; hourly is soon enough.
        { job: { name: 'moderation.purge-quarantine', data: {} }, periodSeconds: 3600 },
        {
          job: { name: 'analytics.rollup', data: {} },
          periodSeconds: config.ANALYTICS_ROLLUP_SECONDS,
        },
        ...(config.federation
          ? [
              {
                job: { name: 'federation.sync', data: {} } as const,
                periodSeconds: config.FEDERATION_SYNC_SECONDS,
              },
            ]
          : []),
      ],
      (error) => log.warn({ error: String(error) }, 'could not queue a periodic job'),
    );
  }
  // A worker serves only its health, readiness and metrics (its job durations live here).
  const app = await buildApp({
    services,
    logger: log,
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
    mediaBaseUrl: config.mediaBaseUrl,
    publicApiLimits: {
      perKey: config.API_RATE_LIMIT_PER_MINUTE,
      perSiteVisitor: config.SITE_RATE_LIMIT_PER_MINUTE,
      siteTotal: config.SITE_RATE_LIMIT_TOTAL_PER_MINUTE,
      pingbackEvents: config.PINGBACK_EVENTS_PER_MINUTE,
    },
    version: JIFFY_VERSION,
    uploadTempDir: path.join(config.DATA_DIR, 'tmp', 'uploads'),
    embedApiKey: defaultApiKey,
    embedFontCssUrl: config.EMBED_FONT_CSS_URL,
    trustProxy: config.TRUST_PROXY,
    metricsToken: config.METRICS_TOKEN,
    surfaces: role === 'worker' ? 'ops' : 'all',
    federation: config.federation
      ? { inboxPerHostPerMinute: config.FEDERATION_INBOX_PER_MINUTE }
      : undefined,
  });

  let stopOperatorSocket = async (): Promise<void> => {};
  return {
    config,
    role,
    log,
    database,
    services,
    app,
    defaultApiKey,
    async listen() {
      const address = await app.listen({ port: config.PORT, host: config.HOST });
      // `npm run admin` cannot open the embedded database while this process holds it: it asks
      // through this socket instead (on a PostgreSQL server it opens the database itself).
      if (database.engine === 'pglite') {
        stopOperatorSocket =
          (await listenForOperator({
            dataDir: config.DATA_DIR,
            handle: (request) => runOperatorCommand(services, request),
            log,
          })) ?? stopOperatorSocket;
      }
      return address;
    },
    async close() {
      await stopOperatorSocket();
      stopPeriodicJobs();
      await stopPurgeListener();
      await app.close();
      await services.discovery.flushSearchCounts().catch((error: unknown) => {
        log.warn({ error: String(error) }, 'search counts not stored');
      });
      redis?.disconnect();
      await services.queue.stop();
      await database.close();
    },
  };
}
