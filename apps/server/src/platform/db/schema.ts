import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  FavoritesTable,
  GifLanguageTagsTable,
  GifShareCountsTable,
  GifsTable,
  InstanceSettingsTable,
  RenditionsTable,
} from './schema/gifs.ts';
import type {
  AccountTokensTable,
  ApiKeysTable,
  ApiTokensTable,
  CreatorApplicationsTable,
  PendingSignupsTable,
  SessionsTable,
  UsersTable,
} from './schema/accounts.ts';
import type {
  BlockedSearchTermsTable,
  HiddenSearchTermsTable,
  SearchPostingCountsTable,
  SearchPostingsTable,
  SearchTermVisitorsTable,
  VisibleGifCountsTable,
} from './schema/search.ts';
import type {
  GifAutomaticFlagsTable,
  GifFlagsTable,
  GifReportsTable,
  GifTakedownsTable,
  ModerationAuditLogTable,
  SearchReportsTable,
} from './schema/moderation.ts';
import type {
  AnalyticsCreatorDailyTable,
  AnalyticsDailyTable,
  AnalyticsGifSpansTable,
  AnalyticsSearchDailyTable,
  AnalyticsWatermarksTable,
  PingbackEventsTable,
  SiteEventsTable,
} from './schema/analytics.ts';
import type {
  ChannelGifsTable,
  ChannelMagicTagsTable,
  ChannelRankedTagsTable,
  ChannelsTable,
  StudioFeaturesTable,
} from './schema/channels.ts';
import type {
  StoriesTable,
  StoryItemsTable,
  TrendingScheduleActivityTable,
  TrendingScheduleTable,
  TrendingStoriesTable,
} from './schema/editorial.ts';
import type {
  FederationActorKeysTable,
  FederationActorSettingsTable,
  FederationBlockedHostsTable,
  FederationDeliveriesTable,
  FederationFollowersTable,
  FederationKvTable,
  FederationPostsTable,
} from './schema/federation.ts';

export type * from './schema/gifs.ts';
export type * from './schema/accounts.ts';
export type * from './schema/search.ts';
export type * from './schema/moderation.ts';
export type * from './schema/analytics.ts';
export type * from './schema/channels.ts';
export type * from './schema/editorial.ts';
export type * from './schema/federation.ts';

/** The database as Kysely sees it. */
export interface Database {
  federation_actor_keys: FederationActorKeysTable;
  federation_actor_settings: FederationActorSettingsTable;
  federation_followers: FederationFollowersTable;
  federation_blocked_hosts: FederationBlockedHostsTable;
  federation_posts: FederationPostsTable;
  federation_deliveries: FederationDeliveriesTable;
  federation_kv: FederationKvTable;
  studio_features: StudioFeaturesTable;
  trending_schedule: TrendingScheduleTable;
  trending_schedule_activity: TrendingScheduleActivityTable;
  stories: StoriesTable;
  story_items: StoryItemsTable;
  trending_stories: TrendingStoriesTable;
  channels: ChannelsTable;
  channel_gifs: ChannelGifsTable;
  channel_magic_tags: ChannelMagicTagsTable;
  channel_ranked_tags: ChannelRankedTagsTable;
  gif_share_counts: GifShareCountsTable;
  gif_language_tags: GifLanguageTagsTable;
  creator_applications: CreatorApplicationsTable;
  api_tokens: ApiTokensTable;
  favorites: FavoritesTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  pending_signups: PendingSignupsTable;
  search_term_visitors: SearchTermVisitorsTable;
  hidden_search_terms: HiddenSearchTermsTable;
  blocked_search_terms: BlockedSearchTermsTable;
  search_postings: SearchPostingsTable;
  search_posting_counts: SearchPostingCountsTable;
  visible_gif_counts: VisibleGifCountsTable;
  pingback_events: PingbackEventsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_watermarks: AnalyticsWatermarksTable;
  analytics_creator_daily: AnalyticsCreatorDailyTable;
  analytics_gif_spans: AnalyticsGifSpansTable;
  analytics_search_daily: AnalyticsSearchDailyTable;
  site_events: SiteEventsTable;
  gif_reports: GifReportsTable;
  gif_takedowns: GifTakedownsTable;
  moderation_audit_log: ModerationAuditLogTable;
  gif_flags: GifFlagsTable;
  gif_automatic_flags: GifAutomaticFlagsTable;
  search_reports: SearchReportsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  gifs: GifsTable;
  renditions: RenditionsTable;
  instance_settings: InstanceSettingsTable;
}

export type UserRow = Selectable<UsersTable>;

export type NewUser = Insertable<UsersTable>;

export type GifRow = Selectable<GifsTable>;

export type NewGif = Insertable<GifsTable>;

export type GifUpdate = Updateable<GifsTable>;

export type RenditionRow = Selectable<RenditionsTable>;

export type NewRendition = Insertable<RenditionsTable>;
