import type { PingbackRepository } from './analytics/pingback.repository.ts';
import type { SiteEventRepository } from './analytics/site-event.repository.ts';
import type { PingbackIngestService } from './analytics/pingback-ingest.service.ts';
import type { SiteEventService } from './analytics/site-event.service.ts';
import type { RollupRepository } from './analytics/rollup.repository.ts';
import type { DashboardService } from './analytics/dashboard.service.ts';
import type { AccountService } from './accounts/account.service.ts';
import type { ApiTokenRepository } from './accounts/api-token.repository.ts';
import type { CreatorApplicationService } from './accounts/creator-application.service.ts';
import type { PersonalTokenService } from './accounts/personal-token.service.ts';
import type { StaffRoleService } from './accounts/staff-roles.service.ts';
import type { GifCtaService } from './gifs/gif-cta.service.ts';
import type { ProfileService } from './users/profile.service.ts';
import type { AttemptLimits } from './accounts/attempt-limits.ts';
import type { ReportRepository } from './reports/report.repository.ts';
import type { CachePurge } from './lib/cache-purge.ts';
import type { CacheRegistry } from './platform/cache/cache-registry.ts';
import type { ModerationService } from './moderation/moderation.service.ts';
import type { ModerationActionService } from './moderation/moderation-actions.service.ts';
import type { QueueService } from './moderation/queue.service.ts';
import type { SearchReportService } from './moderation/search-report.service.ts';
import type { ShareEventService } from './analytics/share-event.service.ts';
import type { LanguageTagService } from './language-tags/language-tag.service.ts';
import type { NsfwClassifier } from './content-safety/nsfw-classifier.ts';
import type { ChannelSearchService } from './channels/channel-search.service.ts';
import type { ChannelGifsService } from './channels/channel-gifs.service.ts';
import type { ChannelService } from './channels/channel.service.ts';
import type { ChannelTagsService } from './channels/channel-tags.service.ts';
import type { FavoriteService } from './favorites/favorite.service.ts';
import type { GifReportService } from './reports/gif-report.service.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ApiKeyService } from './api-keys/api-key.service.ts';
import type { HealthService } from './health/health.service.ts';
import type { GifRepository } from './gifs/gif.repository.ts';
import type { GifEditService } from './gifs/gif-edit.service.ts';
import type { GifMetadataService } from './gifs/gif-metadata.service.ts';
import type { GifProcessingService } from './gifs/gif-processing.service.ts';
import type { GifReadService } from './gifs/gif-read.service.ts';
import type { SettleSweep } from './gifs/settle-sweep.ts';
import type { RenditionRepository } from './gifs/rendition.repository.ts';
import type { ServableRenditions } from './media/servable-renditions.ts';
import type { UploadService } from './gifs/upload.service.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { JiffyMetrics } from './metrics/jiffy-metrics.ts';
import type { CategoriesService } from './public-api/categories.service.ts';
import type { DiscoveryService } from './public-api/discovery.service.ts';
import type { ListAnswers } from './public-api/list-answers.ts';
import type { FirstGifsService } from './web-app/first-gifs/first-gifs.service.ts';
import type { PublicGifService } from './public-api/public-gifs.service.ts';
import type { InstashareService } from './sharing/instashare.service.ts';
import type { StudioService } from './studios/studio.service.ts';
import type { DirectoryService } from './users/directory.service.ts';
import type { InstanceStatsService } from './instance/instance-stats.service.ts';
import type { SpotifyArtistService } from './spotify/spotify-artist.service.ts';
import type { CsvExportService } from './staff-search/csv-export.service.ts';
import type { StaffSearchService } from './staff-search/staff-search.service.ts';
import type { SettingsRepository } from './settings/settings.repository.ts';
import type { BlobStorage } from './storage/blob-storage.ts';
import type { AvatarService } from './users/avatar.service.ts';
import type { UserRepository } from './users/user.repository.ts';
import type { Clock } from './lib/clock.ts';
import type { StoryService } from './stories/story.service.ts';
import type { TrendingStoryService } from './stories/trending-story.service.ts';
import type { ScheduleService } from './trending-schedule/schedule.service.ts';
import type { TrimService } from './imaging/trim.service.ts';
import type { TenorService } from './tenor/tenor.service.ts';
import type { TrendingTermRules } from './public-api/trending-term-rules.ts';
import type { TrendingSearchModerationService } from './moderation/trending-search-moderation.service.ts';
import type { OnDemandRenditionService } from './tenor/on-demand-renditions.service.ts';
import type { TagPredictionService } from './tag-prediction/tag-prediction.service.ts';

/** Every service and repository, wired once; routes, jobs, the seeder and the CLI share them. */
export interface Services {
  /** Prometheus metrics (`/metrics`): requests, jobs, queue backlog, caches, pingbacks. */
  metrics: JiffyMetrics;
  /** Media files: DATA_DIR/media or an S3 bucket (STORAGE). */
  storage: BlobStorage;
  queue: JobQueue;
  users: UserRepository;
  avatars: AvatarService;
  gifRepository: GifRepository;
  renditionRepository: RenditionRepository;
  servableRenditions: ServableRenditions;
  settings: SettingsRepository;
  apiKeys: ApiKeyService;
  uploads: UploadService;
  processing: GifProcessingService;
  /** nsfwjs in a worker thread, started by the first upload; closed with the process. */
  classifier: NsfwClassifier;
  settleSweep: SettleSweep;
  gifReads: GifReadService;
  publicGifs: PublicGifService;
  /** Search and trending answers as kept bytes (the public API's, and the site's first GIFs). */
  listAnswers: ListAnswers;
  /** The first GIFs the site's `/` and `/search/:term` carry in their HTML. */
  firstGifs: FirstGifsService;
  discovery: DiscoveryService;
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
  /** The channel tree (issue 22). */
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
  /** The time the schedule, stories and kept answers go by (tests move it). */
  clock: Clock;
  urls: { publicUrl: string; mediaBaseUrl: string };
  /** `/healthz` and `/readyz`: the database, queue, Redis and storage, each checked. */
  health: HealthService;
}
