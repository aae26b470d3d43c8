import type { Redis } from 'ioredis';
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import path from 'node:path';
import { analyticsRollupJob, createAnalyticsServices } from '../modules/analytics/index.ts';
import {
  createAccountServices,
  StaffRoleService,
  passwordResetMailJob,
  AttemptLimits,
} from '../modules/accounts/index.ts';
import { ReportRepository, GifReportService } from '../modules/reports/index.ts';
import { AuditLogRepository } from '../modules/audit-log/index.ts';
import { CachePurge } from '../platform/lib/cache-purge.ts';
import { TableWrites } from '../platform/db/table-writes.ts';
import {
  createModerationServices,
  quarantinePurgeJob,
  announcePurge,
  announceTermRules,
} from '../modules/moderation/index.ts';
import { LanguageTagRepository, LanguageTagService } from '../modules/language-tags/index.ts';
import { ApiKeyRepository, ApiKeyService } from '../modules/api-keys/index.ts';
import { createChannelServices } from '../modules/channels/index.ts';
import { StudioRepository, StudioService } from '../modules/studios/index.ts';
import { FavoriteRepository, FavoriteService } from '../modules/favorites/index.ts';
import { createFederationServices } from '../modules/federation/index.ts';
import { OutboxMailer, SmtpMailer, type Mailer } from '../platform/mail/mailer.ts';
import { CacheRegistry } from '../platform/cache/cache-registry.ts';
import type { Config } from './config/env.ts';
import { mediaLimitsOf } from './config/media-limits.ts';
import type { Database } from '../platform/db/schema.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { createNodeHealth } from '../modules/health/index.ts';
import {
  GifRepository,
  GifEditService,
  GifMetadataRepository,
  GifCtaService,
  GifMetadataService,
  gifProcessJob,
  GifReadService,
  SerializedGifCache,
  gifRenditionsRestJob,
  gifSettleJob,
  RenditionRepository,
  UploadService,
  UploadQuota,
} from '../modules/gifs/index.ts';
import { createProcessingServices } from './processing-services.ts';
import { ServableRenditions } from '../modules/media/index.ts';
import { JobQueue } from '../platform/jobs/job-queue.ts';
import { JiffyMetrics } from '../platform/metrics/jiffy-metrics.ts';
import {
  CategoriesService,
  SearchSuggestionsService,
  createDiscoveryServices,
  ListAnswers,
  GifListRepository,
  PublicGifService,
} from '../modules/public-api/index.ts';
import { FirstGifsService } from '../modules/web-app/index.ts';
import { assertPublicUrl, downloadToFile } from '../platform/net/index.ts';
import { InstashareService } from '../modules/sharing/index.ts';
import { ProfileService, DirectoryService } from '../modules/profiles/index.ts';
import { InstanceStatsService } from '../modules/instance/index.ts';
import { SpotifyArtistService } from '../modules/spotify/index.ts';
import {
  csvExportJob,
  CsvExportService,
  StaffSearchRepository,
  StaffSearchService,
} from '../modules/staff-search/index.ts';
import { SettingsRepository } from '../platform/settings/settings.repository.ts';
import { createBlobStorage } from '../platform/storage/create-blob-storage.ts';
import { avatarRenderJob, UserRepository } from '../modules/users/index.ts';
import { trendingRecomputeJob, TrendingRepository } from '../modules/trending/index.ts';
import { ScheduleRepository } from '../modules/trending-schedule/index.ts';
import { systemClock, type Clock } from '../platform/lib/clock.ts';
import { createStoryServices } from '../modules/stories/index.ts';
import { TrimService } from '../modules/imaging/index.ts';
import { TenorService, TenorCursors, OnDemandRenditionService } from '../modules/tenor/index.ts';
import { createTagPredictions } from '../modules/tag-prediction/index.ts';

import type { Services } from './service-catalog.ts';

export type { Services };

export function createServices(options: {
  config: Config;
  database: DatabaseHandle;
  queueSchema: string;
  /** Shares attempt limits between API nodes when set. */
  redis?: Redis | undefined;
  /** Each service logs through a child of it, named by `service`. */
  logger: Logger;
  clock?: Clock;
  /** Jiffy's version, which NodeInfo and outgoing requests' User-Agent name. */
  version: string;
}): Services {
  const { config, database, logger, redis } = options;
  const clock = options.clock ?? systemClock;
  const log = (service: string) => logger.child({ service });
  // Every service writes through this Kysely, so what a process keeps from a table hears of
  // each write to it (TableWrites).
  const tableWrites = new TableWrites();
  const db = database.db.withPlugin(tableWrites);
  const limits = mediaLimitsOf(config);
  const storage = createBlobStorage(config);
  const metrics = new JiffyMetrics();
  const caches = new CacheRegistry();
  metrics.watchCaches(() => caches.stats());
  const queue = new JobQueue({
    executor: database.queueExecutor,
    schema: options.queueSchema,
    maintenanceIntervalSeconds: config.QUEUE_MAINTENANCE_SECONDS,
    jobTimeoutSeconds: config.JOB_TIMEOUT_SECONDS,
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    log: log('queue'),
    onJobEnd: (kind, outcome, ms) => metrics.observeJob(kind, outcome, ms),
  });
  metrics.watchQueue(() => queue.backlog());
  const users = new UserRepository(db);
  const gifRepository = new GifRepository(db);
  const renditionRepository = new RenditionRepository(db);
  const urlPolicy = { allowPrivateHosts: config.URL_IMPORT_ALLOW_HOSTS };
  const tempRoot = path.join(config.DATA_DIR, 'tmp');
  // A media URL to import or trim: fetched safely (public addresses only), within the upload size.
  const importMedia = (url: string, destPath: string) =>
    downloadToFile(url, {
      destPath,
      maxBytes: config.MAX_UPLOAD_BYTES,
      timeoutMs: config.URL_IMPORT_TIMEOUT_SECONDS * 1000,
      ...urlPolicy,
    });

  const { automaticFlags, processing, avatars, settleSweep } = createProcessingServices({
    config,
    db,
    users,
    gifs: gifRepository,
    renditions: renditionRepository,
    storage,
    queue,
    limits,
    tempRoot,
    download: importMedia,
    log,
  });
  const trending = new TrendingRepository(db);
  const purge = new CachePurge(caches);
  const reports = new ReportRepository(db);
  const mailer: Mailer = config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxMailer(path.join(config.DATA_DIR, 'outbox'), (message, extra) =>
        log('mail').info(extra ?? {}, message),
      );
  // Other nodes of a PostgreSQL server purge too; the embedded database has one process.
  const announce = (trx: Transaction<Database>, gifId: string) =>
    database.engine === 'postgres'
      ? announcePurge(trx, database.schema, gifId, purge.dropsFor(gifId))
      : Promise.resolve();
  const auditLog = new AuditLogRepository(db);
  const languageTags = new LanguageTagService({
    db,
    tags: new LanguageTagRepository(db),
    purge,
    announce,
    log: log('language-tags'),
  });
  const staffSearchRepository = new StaffSearchRepository(db);
  const csvExports = new CsvExportService({
    search: staffSearchRepository,
    queue,
    mailer,
    users,
    dir: path.join(config.DATA_DIR, 'exports'),
    publicUrl: config.publicUrl,
  });
  const analytics = createAnalyticsServices({
    db,
    metrics,
    users,
    publicUrl: config.publicUrl,
    rollupLagSeconds: config.ANALYTICS_ROLLUP_LAG_SECONDS,
  });
  const { pingbacks, rollups, shares } = analytics;

  const urls = { publicUrl: config.publicUrl, mediaBaseUrl: config.mediaBaseUrl };
  const serializedGifs = new SerializedGifCache({
    maxBytes: config.GIF_JSON_CACHE_MB * 2 ** 20,
    caches,
  });
  // Kept by content, so a missed notice (null) leaves nothing wrong here.
  purge.register(serializedGifs.name, 'gif-content');
  // Seen as long as a kept answer at most: the same bound on what a missed purge could leave.
  const servableRenditions = new ServableRenditions({
    source: renditionRepository,
    ttlMs: 60_000,
    maxGifs: config.MEDIA_CACHE_GIFS,
    caches,
  });
  purge.register(servableRenditions.name, 'gif');
  const attemptLimiter = new AttemptLimits({
    redis: options.redis,
    onRedisError: () =>
      log('attempt-limiter').warn('attempt limits fell back to memory (Redis not ready)'),
  });
  const gifReads = new GifReadService({
    gifs: gifRepository,
    renditions: renditionRepository,
    users,
    urls,
    serialized: serializedGifs,
  });
  const { discoveryRepository, discovery, trendingTermRules, trendingSearchModeration } =
    createDiscoveryServices({
      db,
      settings: new SettingsRepository(db),
      auditLog,
      minVisitors: config.TRENDING_SEARCH_MIN_VISITORS,
      clock,
      announceTermRules: (trx) =>
        database.engine === 'postgres'
          ? announceTermRules(trx, database.schema)
          : Promise.resolve(),
      // The counts are kept and written with the next batch: a warning, not lost data.
      onError: (error) =>
        log('discovery').warn({ error: String(error) }, 'could not store search counts'),
    });
  const lists = new GifListRepository(db, caches);
  const scheduleRepository = new ScheduleRepository(db);
  const channelServices = createChannelServices({
    db,
    users,
    reads: gifReads,
    urls,
    queue,
    caches,
    log: log('channels'),
  });
  // What /studios features (channels and creators staff choose), read as visitors see them.
  const studios = new StudioService({
    features: new StudioRepository(db),
    reader: channelServices.reader,
    users,
  });
  const publicGifs = new PublicGifService({
    lists,
    gifs: gifRepository,
    users,
    reads: gifReads,
    discovery,
    purge,
    caches,
    schedule: scheduleRepository,
    clock,
    channelScope: (path) => channelServices.channelSearch.scope(path),
  });
  const listAnswers = new ListAnswers({ gifs: publicGifs, reads: gifReads, caches, clock });
  const searchSuggestions = new SearchSuggestionsService({
    repo: discoveryRepository,
    discovery,
    caches,
    clock,
  });
  const categories = new CategoriesService({
    discovery: discoveryRepository,
    lists,
    reads: gifReads,
  });
  const spotify = new SpotifyArtistService({
    download: (url, destPath) =>
      downloadToFile(url, { destPath, maxBytes: 64 * 1024, timeoutMs: 10_000, ...urlPolicy }),
    oembedUrl: config.SPOTIFY_OEMBED_URL,
    tempDir: path.join(tempRoot, 'spotify'),
    limits: attemptLimiter,
    caches,
  });
  const storyServices = createStoryServices({
    db,
    lists,
    reads: gifReads,
    users,
    schedule: scheduleRepository,
    purge,
    announce,
    clock,
    log,
  });
  const moderationServices = createModerationServices({
    db,
    users,
    reports,
    automaticFlags,
    auditLog,
    storage,
    renditions: renditionRepository,
    reads: gifReads,
    search: publicGifs,
    mailer,
    purge,
    announce,
    retentionDays: config.TAKEDOWN_RETENTION_DAYS,
    publicUrl: config.publicUrl,
    log: log('moderation'),
  });
  const accountServices = createAccountServices({
    db,
    users,
    mailer,
    publicUrl: config.publicUrl,
    jobs: queue,
    caches,
    tableWrites,
  });
  const federation = createFederationServices({
    db,
    queue,
    publicUrl: config.publicUrl,
    version: options.version,
    enabled: config.federation,
    allowPrivateHosts: config.FEDERATION_ALLOW_HOSTS,
    gifOf: (id) => gifReads.getReady(id).catch(() => null),
    log: log('federation'),
  });
  queue.register([
    ...federation.jobs,
    gifProcessJob(processing),
    gifRenditionsRestJob(processing),
    trendingRecomputeJob(trending),
    avatarRenderJob(avatars),
    gifSettleJob(settleSweep),
    quarantinePurgeJob(moderationServices.moderation),
    csvExportJob(csvExports),
    analyticsRollupJob(rollups, config.ANALYTICS_RAW_RETENTION_DAYS),
    passwordResetMailJob(accountServices.accounts),
  ]);
  return {
    metrics,
    tableWrites,
    channels: channelServices.channels,
    channelGifs: channelServices.channelGifs,
    channelTags: channelServices.channelTags,
    channelSearch: channelServices.channelSearch,
    studios,
    ...moderationServices,
    ...storyServices,
    ...accountServices,
    staffRoles: new StaffRoleService({ db, users, auditLog }),
    storage,
    queue,
    users,
    gifRepository,
    renditionRepository,
    servableRenditions,
    settings: new SettingsRepository(db),
    apiKeys: new ApiKeyService(new ApiKeyRepository(db), caches),
    uploads: new UploadService({
      db,
      gifs: gifRepository,
      users,
      storage,
      queue,
      limits,
      assertImportable: (url) => assertPublicUrl(url, urlPolicy),
      quota: new UploadQuota({
        uploadsPerHour: config.UPLOADS_PER_HOUR,
        bytesPerDay: config.UPLOAD_BYTES_PER_DAY,
        redis: options.redis,
        onRedisFallback: () => log('upload-quota').warn('upload quotas fell back to memory'),
      }),
    }),
    processing,
    settleSweep,
    gifReads,
    publicGifs,
    listAnswers,
    firstGifs: new FirstGifsService({
      lists: listAnswers,
      reads: gifReads,
      discovery,
      suggestions: searchSuggestions,
      channels: channelServices.channels,
      caches,
      clock,
    }),
    discovery,
    searchSuggestions,
    trendingTermRules,
    trendingSearchModeration,
    ...analytics,
    categories,
    tenor: new TenorService({
      publicGifs,
      discovery,
      categories,
      reads: gifReads,
      gifs: gifRepository,
      pingbacks,
      cursors: new TenorCursors(new SettingsRepository(db)),
      urls,
    }),
    onDemandRenditions: new OnDemandRenditionService({
      renditions: renditionRepository,
      storage,
      limits,
      tempRoot: path.join(tempRoot, 'on-demand'),
      concurrency: config.ON_DEMAND_RENDER_CONCURRENCY,
    }),
    mailer,
    urls,
    favorites: new FavoriteService({ favorites: new FavoriteRepository(db), reads: gifReads }),
    reports,
    gifReports: new GifReportService(reports),
    gifEdits: new GifEditService({
      db,
      gifs: gifRepository,
      auditLog,
      purge,
      announce,
      log: log('gif-edit'),
    }),
    gifCtas: new GifCtaService({ db, gifs: gifRepository, reads: gifReads, purge, announce }),
    gifMetadata: new GifMetadataService(new GifMetadataRepository(db)),
    languageTags,
    caches,
    cachePurge: purge,
    clock,
    avatars,
    attemptLimiter,
    directory: new DirectoryService(users),
    instanceStats: new InstanceStatsService(gifRepository),
    tagPredictions: createTagPredictions({
      db,
      storage,
      clock,
      refreshSeconds: config.TAG_PREDICTION_REFRESH_SECONDS,
      log: log('tag-prediction'),
    }),
    trims: new TrimService({
      limits,
      tempRoot: path.join(tempRoot, 'trim'),
      concurrency: config.TRIM_CONCURRENCY,
      download: importMedia,
    }),
    spotify,
    profiles: new ProfileService({ users, reads: gifReads, spotify, avatars }),
    csvExports,
    staffSearch: new StaffSearchService({
      search: staffSearchRepository,
      reads: gifReads,
      publicUrl: config.publicUrl,
    }),
    instashare: new InstashareService({
      reads: gifReads,
      shares,
      mailer,
      limits: attemptLimiter,
      publicUrl: config.publicUrl,
      log: log('instashare'),
    }),
    health: createNodeHealth({ database, queue, redis, storage, log: log('health') }),
    federation,
  };
}
