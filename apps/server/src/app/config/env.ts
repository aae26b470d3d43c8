import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isPublicOrigin } from '../../platform/net/index.ts';
import { parseTrustProxy } from './trust-proxy.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const seconds = z.coerce.number().positive();
const positiveInt = z.coerce.number().int().positive();
/** A comma-separated list of `host:port` entries. */
const hostPortList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine(
    (hosts) => hosts.every((h) => /^(\[[0-9a-fA-F:.]+\]|[^:\s/]+):\d{1,5}$/.test(h)),
    'each entry is host:port (e.g. 192.168.1.20:8080)',
  );

/**
 * Every variable Jiffy reads, parsed once at start. Defaults make `npm start` work with nothing set.
 */
export const envSchema = z
  .object({
    /** Port the HTTP server listens on. */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Interface to bind; 0.0.0.0 so a container or LAN can reach it. */
    HOST: z.string().default('0.0.0.0'),
    /** Public origin used in absolute URLs (GIF objects, embeds); defaults to http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    /** Base URL of media files, e.g. a CDN in front of /media; defaults to PUBLIC_URL + '/media'. */
    MEDIA_BASE_URL: z.url().optional(),
    /**
     * A stylesheet on a static host with the embed player's web fonts (@font-face and the body
     * font). Unset, the player loads no font at all and uses the system's.
     */
    EMBED_FONT_CSS_URL: z.url().optional(),
    /**
     * Where media files are kept: `local` (DATA_DIR/media) or `s3` (the S3_* bucket, which every
     * node of a multi-node instance can reach).
     */
    STORAGE: z.enum(['local', 's3']).default('local'),
    /** The bucket, with STORAGE=s3. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')
      .optional(),
    /** An S3-compatible endpoint (MinIO, Garage, R2, ...); unset for AWS itself. */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).max(64).default('us-east-1'),
    /** Keys of the bucket; unset, the AWS SDK's own chain (AWS_* variables, instance role) applies. */
    S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
    /** Bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted stores. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Folder inside the bucket for this instance's objects (e.g. `jiffy/`); the root when unset. */
    S3_PREFIX: z
      .string()
      .regex(
        /^([A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*\/?)?$/,
        'folder names',
      )
      .max(200)
      .default(''),
    /** Folder holding the embedded database (db/) and media (media/). */
    DATA_DIR: z.string().default('./data'),
    /** postgres://... switches from embedded PGlite to a PostgreSQL server. */
    DATABASE_URL: z.string().startsWith('postgres').optional(),
    /**
     * Connections to the PostgreSQL server per process; default twice the CPU cores (at least 4),
     * PostgreSQL's own rule of thumb: more connections than that make busy queries take turns on
     * the cores and each costs more CPU (at 10 on 2 cores, a search cost 30% more than at 4).
     */
    DATABASE_POOL_SIZE: positiveInt.max(200).optional(),
    /**
     * The embedded database's page cache (PostgreSQL's shared_buffers), in megabytes; ignored
     * with DATABASE_URL. It is part of the process's memory, and zeroed on every start. Small
     * by default: a page it misses is read from the operating system's file cache, and at 128
     * it held some 70 MB of a small machine's memory for good.
     */
    EMBEDDED_DB_CACHE_MB: positiveInt.max(4096).default(16),
    /**
     * Megabytes of GIF objects' JSON kept per process for lists, feeds and searches
     * (SerializedGifCache): about 3–5 kB a GIF, so the default keeps some 15,000 GIFs.
     */
    GIF_JSON_CACHE_MB: positiveInt.max(16_384).default(64),
    /**
     * GIFs whose servable renditions media answers keep per process (ServableRenditions), so a
     * media answer costs no query; 0 asks the database every time.
     */
    MEDIA_CACHE_GIFS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
    /** Schema on the PostgreSQL server (jobs go to <schema>_jobs); lets instances share a database. */
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,50}$/)
      .optional(),
    /** The instance's default public API key; generated and kept in the database when unset. */
    JIFFY_API_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
    /** Username of the first admin, created (or promoted) at start while the instance has none. */
    JIFFY_ADMIN: z
      .string()
      .regex(/^[A-Za-z0-9_]{2,30}$/)
      .optional(),
    JIFFY_ADMIN_EMAIL: z.email().max(254).optional(),
    /** The first admin's password; when unset a random one is printed once. */
    JIFFY_ADMIN_PASSWORD: z.string().min(10).max(200).optional(),
    /** smtp(s)://user:pass@host:port sends mail; without it mail goes to DATA_DIR/outbox. */
    SMTP_URL: z.string().startsWith('smtp').optional(),
    /** Sender of account e-mails. */
    MAIL_FROM: z.string().max(200).default('Jiffy <no-reply@localhost>'),
    /**
     * When set, `/metrics` answers only requests with `Authorization: Bearer <token>`; unset, it
     * is open like `/healthz` (it holds counts and route patterns, nothing about anyone).
     */
    METRICS_TOKEN: z.string().min(16).max(256).optional(),
    /** redis://... shares rate-limit counters between API nodes; in-process when unset. */
    REDIS_URL: z.string().startsWith('redis').optional(),
    /**
     * Which peers may tell the client's address in X-Forwarded-For (every per-address limit
     * counts by it): `false` (default), `true`, a hop count, or proxies' addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'object' && !Array.isArray(parsed)) {
          context.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      }),
    /**
     * Public API calls a minute for each of the instance's keys (users' own keys), and for each
     * address calling without a key the instance knows; 429 past it.
     */
    API_RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
    /**
     * Public API calls a minute for each visitor using the site's own key (the default key every
     * page carries): a signed-in user by their account, anyone else by their address.
     */
    SITE_RATE_LIMIT_PER_MINUTE: positiveInt.default(300),
    /** Calls a minute on the site's own key from all visitors together. */
    SITE_RATE_LIMIT_TOTAL_PER_MINUTE: positiveInt.default(30_000),
    /** Analytics events (pingbacks) each address may send a minute; a batch counts its events. */
    PINGBACK_EVENTS_PER_MINUTE: positiveInt.default(1200),
    /**
     * Uploads (files and URL imports) each user may make per hour; an ownerless key (the
     * instance's default key, which every page carries) has one allowance shared by all its users.
     */
    UPLOADS_PER_HOUR: positiveInt.default(30),
    /** Bytes of uploaded files each user (or ownerless key) may send per day; default 500 MB. */
    UPLOAD_BYTES_PER_DAY: positiveInt.default(500 * 1024 * 1024),
    /** Media jobs run at once per worker process (1–2 suits 2 cores). */
    WORKER_CONCURRENCY: positiveInt.max(16).default(1),
    /** A job running longer than this is presumed dead and retried (also the per-job deadline). */
    JOB_TIMEOUT_SECONDS: seconds.default(600),
    /** Replaces each job kind's first retry delay (retries still back off); tests set it to 0. */
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
    /**
     * How often a worker node settles what ended jobs left unsettled (GIFs processing with no job,
     * blobs no row references); it also runs at every start.
     */
    SETTLE_SWEEP_SECONDS: positiveInt.default(600),
    /** A stored file no row references is removed once older than this (an upload in flight). */
    ORPHAN_GRACE_SECONDS: positiveInt.default(3600),
    /** How often the queue looks for expired jobs and other upkeep. */
    QUEUE_MAINTENANCE_SECONDS: positiveInt.default(60),
    /** How often trending is recomputed from recent pingbacks. */
    TRENDING_RECOMPUTE_SECONDS: positiveInt.default(60),
    /** How often raw analytics events are rolled up into the daily counts dashboards read. */
    ANALYTICS_ROLLUP_SECONDS: positiveInt.default(60),
    /**
     * Only events received at least this long ago are rolled up, so an insert still in flight
     * (a lower id committing after a higher one) is not skipped; tests set it to 0.
     */
    ANALYTICS_ROLLUP_LAG_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * Days raw pingbacks and embed events are kept once rolled up. At least 8: trending reads
     * the last 7 days of raw pingbacks.
     */
    ANALYTICS_RAW_RETENTION_DAYS: z.coerce.number().int().min(8).max(3650).default(30),
    /**
     * How many distinct visitors (signed-in users, else address buckets) must have searched a
     * term and found GIFs on one day of the last week before it shows in trending searches.
     */
    TRENDING_SEARCH_MIN_VISITORS: positiveInt.default(3),
    /** How long a taken-down GIF's files stay in quarantine, restorable by an admin. */
    TAKEDOWN_RETENTION_DAYS: positiveInt.default(30),
    /**
     * `post`: uploads are listed once processed, moderators act on reports afterwards. `pre`: an
     * upload by an unverified user (role user) waits, listed nowhere, until a moderator approves it.
     */
    MODERATION_MODE: z.enum(['post', 'pre']).default('post'),
    /** Porn + Hentai score (0–1, highest over sampled frames) from which an upload is rated `r`. */
    NSFW_EXPLICIT_THRESHOLD: z.coerce.number().min(0).max(1).default(0.6),
    /** Porn + Hentai + Sexy score (0–1) from which an upload is rated at least `pg-13`. */
    NSFW_SUGGESTIVE_THRESHOLD: z.coerce.number().min(0).max(1).default(0.6),
    /** Frames of each animation the content-safety classifier looks at (spread through it). */
    NSFW_SAMPLE_FRAMES: positiveInt.max(10).default(1),
    /** Perceptual hashes at most this many bits apart (of 64) are near-duplicates. */
    NEAR_DUPLICATE_MAX_DISTANCE: z.coerce.number().int().min(0).max(32).default(4),
    /** Upload cap in bytes (files and URL imports). */
    MAX_UPLOAD_BYTES: positiveInt.default(100 * 1024 * 1024),
    /** Largest frame, in pixels (width × height), a source may declare. */
    MAX_PIXELS_PER_FRAME: positiveInt.default(4096 * 4096),
    /** Most frames an animated source may have. */
    MAX_FRAMES: positiveInt.default(3000),
    /**
     * Decoded-work budget one source may cost: frames × (width × height + 250 000), frames being
     * duration × fps for video. The default keeps a full rendition set under 60 s of one core.
     */
    MAX_DECODED_PIXELS: positiveInt.default(250_000_000),
    /** Longest animation or video accepted. */
    MAX_DURATION_SECONDS: seconds.default(60),
    /** Wall-clock cap for any single ffmpeg/sharp step. */
    PROCESS_TIMEOUT_SECONDS: seconds.default(120),
    /** `/imaging/trim` encodes at once per API process (each is one ffmpeg); more wait their turn. */
    TRIM_CONCURRENCY: positiveInt.max(16).default(1),
    /**
     * Renditions made on first request (Tenor's WebM and nano sizes) encoding at once per API
     * process (each one ffmpeg); more wait their turn, and past a backlog answer 503.
     */
    ON_DEMAND_RENDER_CONCURRENCY: positiveInt.max(16).default(1),
    /**
     * Tag prediction reads the listed library again (new stills' features computed, taken-down
     * GIFs dropped) on the first call after this many seconds.
     */
    TAG_PREDICTION_REFRESH_SECONDS: seconds.default(60),
    /** Total time allowed for fetching a source_image_url. */
    URL_IMPORT_TIMEOUT_SECONDS: seconds.default(20),
    /** Spotify's public oEmbed endpoint, read for the names of creators' linked artist pages. */
    SPOTIFY_OEMBED_URL: z.url().default('https://open.spotify.com/oembed'),
    /** host:port list exempt from the private-address block (importing from your own LAN on purpose). */
    URL_IMPORT_ALLOW_HOSTS: hostPortList,
    /**
     * Federation (ActivityPub: other servers follow channels and creators): `on` or `off`.
     * Unset, it is on only when PUBLIC_URL is a public https address.
     */
    FEDERATION: z.enum(['on', 'off']).optional(),
    /**
     * host:port list of remote servers exempt from the private-address block for federation
     * (a peer on your own LAN, on purpose); every other remote must be public.
     */
    FEDERATION_ALLOW_HOSTS: hostPortList,
    /** How often new, edited and removed GIFs are sent to followers on other servers. */
    FEDERATION_SYNC_SECONDS: positiveInt.default(30),
    /** Activities each remote host may deliver a minute; 429 past it. */
    FEDERATION_INBOX_PER_MINUTE: positiveInt.default(300),
    /** Seed the demo library on the first start. */
    SEED_DEMO: bool.default(true),
    /**
     * Diagnostics: a file the process appends a line of memory figures to every second (heap,
     * buffers, the embedded database, libvips, kept answers); the footprint benchmark reads it.
     */
    MEMORY_REPORT_FILE: z.string().min(1).optional(),
    /** pino log level. */
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, context) => {
    if (env.STORAGE === 's3' && !env.S3_BUCKET)
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'required with STORAGE=s3',
      });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
  });

export type Env = z.infer<typeof envSchema>;

/** Resolved configuration the rest of the server uses. */
export interface Config extends Env {
  DATABASE_POOL_SIZE: number;
  publicUrl: string;
  mediaBaseUrl: string;
  dbDir: string;
  mediaDir: string;
  /** S3_PREFIX as a folder: '' or ending in '/'. */
  s3Prefix: string;
  /** FEDERATION, or its default: on only for a public https PUBLIC_URL. */
  federation: boolean;
}

/** Derives the settings that depend on others (paths, URLs). */
export function resolveConfig(env: Env): Config {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    publicUrl,
    DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE ?? Math.max(4, 2 * os.availableParallelism()),
    mediaBaseUrl: (env.MEDIA_BASE_URL ?? `${publicUrl}/media`).replace(/\/+$/, ''),
    dbDir: path.join(dataDir, 'db'),
    mediaDir: path.join(dataDir, 'media'),
    s3Prefix: env.S3_PREFIX === '' ? '' : `${env.S3_PREFIX.replace(/\/+$/, '')}/`,
    // A private instance never federates by accident: strangers could not reach it anyway,
    // and its actors would announce addresses nobody outside can fetch.
    federation: env.FEDERATION ? env.FEDERATION === 'on' : isPublicOrigin(publicUrl),
  };
}

/** Parses the environment, reporting every problem at once; exits non-zero on any. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      console.error(`config: ${issue.path.join('.')}: ${issue.message}`);
    }
    process.exit(1);
  }
  return resolveConfig(parsed.data);
}
