import type {
  PingbackRepository,
  SiteEventRepository,
  PingbackIngestService,
  SiteEventService,
  RollupRepository,
  DashboardService,
  ShareEventService,
} from '../modules/analytics/index.ts';
import type {
  AccountService,
  ApiTokenRepository,
  CreatorApplicationService,
  PersonalTokenService,
  StaffRoleService,
  AttemptLimits,
} from '../modules/accounts/index.ts';
import type {
  GifCtaService,
  GifRepository,
  GifEditService,
  GifMetadataService,
  GifProcessingService,
  GifReadService,
  SettleSweep,
  RenditionRepository,
  UploadService,
} from '../modules/gifs/index.ts';
import type { ProfileService, DirectoryService } from '../modules/profiles/index.ts';
import type { ReportRepository, GifReportService } from '../modules/reports/index.ts';
import type { CachePurge } from '../platform/lib/cache-purge.ts';
import type {
  ModerationService,
  ModerationActionService,
  QueueService,
  SearchReportService,
} from '../modules/moderation/index.ts';
import type { LanguageTagService } from '../modules/language-tags/index.ts';
import type {
  ChannelSearchService,
  ChannelGifsService,
  ChannelService,
  ChannelTagsService,
} from '../modules/channels/index.ts';
import type { FavoriteService } from '../modules/favorites/index.ts';
import type { FederationServices } from '../modules/federation/index.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { ApiKeyService } from '../modules/api-keys/index.ts';
import type { HealthService } from '../modules/health/index.ts';
import type { ServableRenditions } from '../modules/media/index.ts';
import type { JobQueue } from '../platform/jobs/job-queue.ts';
import type { JiffyMetrics } from '../platform/metrics/jiffy-metrics.ts';
import type {
  CategoriesService,
  SearchSuggestionsService,
  DiscoveryService,
  ListAnswers,
  PublicGifService,
  TrendingTermRules,
  TrendingSearchModerationService,
} from '../modules/public-api/index.ts';
import type { FirstGifsService } from '../modules/web-app/index.ts';
import type { InstashareService } from '../modules/sharing/index.ts';
import type { StudioService } from '../modules/studios/index.ts';
import type { InstanceStatsService } from '../modules/instance/index.ts';
import type { SpotifyArtistService } from '../modules/spotify/index.ts';
import type { CsvExportService, StaffSearchService } from '../modules/staff-search/index.ts';
import type { SettingsRepository } from '../platform/settings/settings.repository.ts';
import type { BlobStorage } from '../platform/storage/blob-storage.ts';
import type { AvatarService, UserRepository } from '../modules/users/index.ts';
import type { Clock } from '../platform/lib/clock.ts';
import type { StoryService, TrendingStoryService } from '../modules/stories/index.ts';
import type { ScheduleService } from '../modules/trending-schedule/index.ts';
import type { TrimService } from '../modules/imaging/index.ts';
import type { TenorService, OnDemandRenditionService } from '../modules/tenor/index.ts';
import type { TagPredictionService } from '../modules/tag-prediction/index.ts';
import type { CacheRegistry } from '../platform/cache/cache-registry.ts';
import type { TableWrites } from '../platform/db/table-writes.ts';

/** Every service and repository, wired once; routes, jobs, the seeder and the CLI share them. */
export interface Services {
  /** Prometheus metrics (`/metrics`): requests, jobs, queue backlog, caches, pingbacks. */
  metrics: JiffyMetrics;
  /** Media files: DATA_DIR/media or an S3 bucket (STORAGE). */
  storage: BlobStorage;
  queue: JobQueue;
  /** Tells what a process keeps from a table (and a test waiting on a row) of writes to it. */
  tableWrites: TableWrites;
  users: UserRepository;
  avatars: AvatarService;
  gifRepository: GifRepository;
  renditionRepository: RenditionRepository;
  servableRenditions: ServableRenditions;
  settings: SettingsRepository;
  apiKeys: ApiKeyService;
  uploads: UploadService;
  processing: GifProcessingService;
  settleSweep: SettleSweep;
  gifReads: GifReadService;
  publicGifs: PublicGifService;
  /** Search and trending answers as kept bytes (the public API's, and the site's first GIFs). */
  listAnswers: ListAnswers;
  /** The first GIFs the site's `/` and `/search/:term` carry in their HTML. */
  firstGifs: FirstGifsService;
  discovery: DiscoveryService;
  /** What a search that found nothing offers instead. */
  searchSuggestions: SearchSuggestionsService;
  /** The moderators' hidden trending terms and blocked phrases, as this process holds them. */
  trendingTermRules: TrendingTermRules;
  /** Moderators' review of trending searches: candidates, hiding, blocked terms. */
  trendingSearchModeration: TrendingSearchModerationService;
  pingbacks: PingbackRepository;
  /** `POST /v2/pingback`'s events checked, stored and counted. */
  pingbackIngest: PingbackIngestService;
  siteEvents: SiteEventRepository;
  /** Jiffy's own analytics events from its pages and the embed player. */
  siteEventIngest: SiteEventService;
  /** Raw analytics events folded into daily counts (the analytics.rollup job). */
  rollups: RollupRepository;
  /** The creator dashboard's figures, read from the roll-ups. */
  dashboards: DashboardService;
  categories: CategoriesService;
  /** Tenor's API v2 over the services above. */
  tenor: TenorService;
  /** Renditions made when first asked for (Tenor's WebM and nano sizes). */
  onDemandRenditions: OnDemandRenditionService;
  accounts: AccountService;
  /** Brute-force and abuse limits (rate-limiter-flexible; Redis when configured). */
  attemptLimiter: AttemptLimits;
  mailer: Mailer;
  favorites: FavoriteService;
  /** Token lookups for routes that accept `Authorization: Token …`. */
  apiTokens: ApiTokenRepository;
  /** A user's own tokens, as the site lists, makes and revokes them. */
  personalTokens: PersonalTokenService;
  applications: CreatorApplicationService;
  /** Who is a moderator or admin, changed by admins and by the operator's command line. */
  staffRoles: StaffRoleService;
  reports: ReportRepository;
  /** Reports of GIFs as the site files and lists them. */
  gifReports: GifReportService;
  moderation: ModerationService;
  /** Owners' and staff's edits of a GIF's fields. */
  gifEdits: GifEditService;
  /** Calls to action on GIFs, set by owners and moderators. */
  gifCtas: GifCtaService;
  /** Tag counts, public and extended metadata, trending places. */
  gifMetadata: GifMetadataService;
  languageTags: LanguageTagService;
  shares: ShareEventService;
  /** E-mailing a GIF from its share panel. */
  instashare: InstashareService;
  /** Spotify artist names for creators' profile links. */
  spotify: SpotifyArtistService;
  /** Profiles as their calls read and edit them. */
  profiles: ProfileService;
  /** The artists directory and the team page. */
  directory: DirectoryService;
  instanceStats: InstanceStatsService;
  /** Staff search over every GIF, and its CSV export. */
  staffSearch: StaffSearchService;
  /** Staff exports written by a job and sent as a link. */
  csvExports: CsvExportService;
  /** Flags and moderators' decisions on one GIF (approve, rating, sticker, takedown, ...). */
  moderationActions: ModerationActionService;
  searchReports: SearchReportService;
  moderationQueue: QueueService;
  /** The channel tree. */
  channels: ChannelService;
  /** Which GIFs each channel holds. */
  channelGifs: ChannelGifsService;
  /** Ranked and magic tags, and the magic-tag sync job. */
  channelTags: ChannelTagsService;
  /** Channels by name, and by path for a scoped search (the public API). */
  channelSearch: ChannelSearchService;
  /** What /studios features: channels and creators staff choose. */
  studios: StudioService;
  /** This Jiffy's caches by name: their counts for `/metrics`, and purges by name. */
  caches: CacheRegistry;
  /** Every kept answer that must forget a GIF taken down, restored or deleted. */
  cachePurge: CachePurge;
  /** The trending scheduler (staff). */
  schedule: ScheduleService;
  stories: StoryService;
  trendingStories: TrendingStoryService;
  /** `/imaging/trim`: a span of a GIF or video as MP4 or GIF, made in the request. */
  trims: TrimService;
  /** `/ajax/tags/prediction/`: tags suggested from what the listed library looks like. */
  tagPredictions: TagPredictionService;
  /** ActivityPub: the actors, inboxes and deliveries, and what people here decide about them. */
  federation: FederationServices;
  /** The time the schedule, stories and kept answers go by (tests move it). */
  clock: Clock;
  urls: { publicUrl: string; mediaBaseUrl: string };
  /** `/healthz` and `/readyz`: the database, queue, Redis and storage, each checked. */
  health: HealthService;
}
