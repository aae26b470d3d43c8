import type { PingbackRepository } from '../modules/analytics/pingback.repository.ts';
import type { SiteEventRepository } from '../modules/analytics/site-event.repository.ts';
import type { PingbackIngestService } from '../modules/analytics/pingback-ingest.service.ts';
import type { SiteEventService } from '../modules/analytics/site-event.service.ts';
import type { RollupRepository } from '../modules/analytics/rollup.repository.ts';
import type { DashboardService } from '../modules/analytics/dashboard.service.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import type { ApiTokenRepository } from '../modules/accounts/api-token.repository.ts';
import type { CreatorApplicationService } from '../modules/accounts/creator-application.service.ts';
import type { PersonalTokenService } from '../modules/accounts/personal-token.service.ts';
import type { StaffRoleService } from '../modules/accounts/staff-roles.service.ts';
import type { GifCtaService } from '../modules/gifs/gif-cta.service.ts';
import type { ProfileService } from '../modules/profiles/profile.service.ts';
import type { AttemptLimits } from '../modules/accounts/attempt-limits.ts';
import type { ReportRepository } from '../modules/reports/report.repository.ts';
import type { CachePurge } from '../platform/lib/cache-purge.ts';
import type { ModerationService } from '../modules/moderation/moderation.service.ts';
import type { ModerationActionService } from '../modules/moderation/moderation-actions.service.ts';
import type { QueueService } from '../modules/moderation/queue.service.ts';
import type { SearchReportService } from '../modules/moderation/search-report.service.ts';
import type { ShareEventService } from '../modules/analytics/share-event.service.ts';
import type { LanguageTagService } from '../modules/language-tags/language-tag.service.ts';
import type { NsfwClassifier } from '../modules/content-safety/nsfw-classifier.ts';
import type { ChannelSearchService } from '../modules/channels/channel-search.service.ts';
import type { ChannelGifsService } from '../modules/channels/channel-gifs.service.ts';
import type { ChannelService } from '../modules/channels/channel.service.ts';
import type { ChannelTagsService } from '../modules/channels/channel-tags.service.ts';
import type { FavoriteService } from '../modules/favorites/favorite.service.ts';
import type { GifReportService } from '../modules/reports/gif-report.service.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { ApiKeyService } from '../modules/api-keys/api-key.service.ts';
import type { HealthService } from '../modules/health/health.service.ts';
import type { GifRepository } from '../modules/gifs/gif.repository.ts';
import type { GifEditService } from '../modules/gifs/gif-edit.service.ts';
import type { GifMetadataService } from '../modules/gifs/gif-metadata.service.ts';
import type { GifProcessingService } from '../modules/gifs/gif-processing.service.ts';
import type { GifReadService } from '../modules/gifs/gif-read.service.ts';
import type { SettleSweep } from '../modules/gifs/settle-sweep.ts';
import type { RenditionRepository } from '../modules/gifs/rendition.repository.ts';
import type { ServableRenditions } from '../modules/media/servable-renditions.ts';
import type { UploadService } from '../modules/gifs/upload.service.ts';
import type { JobQueue } from '../platform/jobs/job-queue.ts';
import type { JiffyMetrics } from '../platform/metrics/jiffy-metrics.ts';
import type { CategoriesService } from '../modules/public-api/categories.service.ts';
import type { DiscoveryService } from '../modules/public-api/discovery.service.ts';
import type { ListAnswers } from '../modules/public-api/list-answers.ts';
import type { FirstGifsService } from '../modules/web-app/first-gifs/first-gifs.service.ts';
import type { PublicGifService } from '../modules/public-api/public-gifs.service.ts';
import type { InstashareService } from '../modules/sharing/instashare.service.ts';
import type { StudioService } from '../modules/studios/studio.service.ts';
import type { DirectoryService } from '../modules/profiles/directory.service.ts';
import type { InstanceStatsService } from '../modules/instance/instance-stats.service.ts';
import type { SpotifyArtistService } from '../modules/spotify/spotify-artist.service.ts';
import type { CsvExportService } from '../modules/staff-search/csv-export.service.ts';
import type { StaffSearchService } from '../modules/staff-search/staff-search.service.ts';
import type { SettingsRepository } from '../platform/settings/settings.repository.ts';
import type { BlobStorage } from '../platform/storage/blob-storage.ts';
import type { AvatarService } from '../modules/users/avatar.service.ts';
import type { UserRepository } from '../modules/users/user.repository.ts';
import type { Clock } from '../platform/lib/clock.ts';
import type { StoryService } from '../modules/stories/story.service.ts';
import type { TrendingStoryService } from '../modules/stories/trending-story.service.ts';
import type { ScheduleService } from '../modules/trending-schedule/schedule.service.ts';
import type { TrimService } from '../modules/imaging/trim.service.ts';
import type { TenorService } from '../modules/tenor/tenor.service.ts';
import type { TrendingTermRules } from '../modules/public-api/trending-term-rules.ts';
import type { TrendingSearchModerationService } from '../modules/public-api/trending-search-moderation.service.ts';
import type { OnDemandRenditionService } from '../modules/tenor/on-demand-renditions.service.ts';
import type { TagPredictionService } from '../modules/tag-prediction/tag-prediction.service.ts';

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
