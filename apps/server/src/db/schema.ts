import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { SafetyScores } from '../content-safety/safety-rating.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Counter = ColumnType<number, number | undefined, number>;

export type GifType = 'gif' | 'sticker' | 'video';
/** 'pending_review': processed, held for a moderator's approval (MODERATION_MODE=pre). */
export type GifStatus = 'processing' | 'ready' | 'failed' | 'removed' | 'pending_review';
/** 'unlisted': served by id, page, embed and media, but in no list or search (migration 0020). */
export type GifVisibility = 'public' | 'unlisted';
export type Rating = 'g' | 'pg' | 'pg-13' | 'r';
export type UserRole = 'user' | 'creator' | 'moderator' | 'admin';

export interface UsersTable {
  id: string;
  username: string;
  display_name: string;
  description: ColumnType<string, string | undefined, string>;
  /** Names the uploaded avatar's files (`avatars/<id>/<key>...`); null means a default one. */
  avatar_key: string | null;
  /** The uploaded avatar a job is rendering; null when none is. */
  avatar_pending_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Error code of the last avatar render that failed; null after a success or a new upload. */
  avatar_error: ColumnType<string | null, string | null | undefined, string | null>;
  website_url: string | null;
  instagram_url: string | null;
  twitter: string | null;
  /** A linked Spotify artist page and the artist's name when it was linked (migration 0029). */
  spotify_url: ColumnType<string | null, string | null | undefined, string | null>;
  spotify_artist_name: ColumnType<string | null, string | null | undefined, string | null>;
  is_verified: Generated<boolean>;
  /** Takes freelance work: the artists directory's `freelance` filter (migration 0031). */
  freelance: Generated<boolean>;
  is_public: Generated<boolean>;
  suppress_chrome: Generated<boolean>;
  attribution_display_name: string | null;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  email: string | null;
  password_hash: string | null;
  email_confirmed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** What a GIF object shows of its uploader, as JSON text; kept by a trigger (migration 0016). */
  listed_json: ColumnType<string, never, never>;
}

export interface ApiKeysTable {
  key: string;
  user_id: string | null;
  name: string;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  revoked_at: Date | null;
}

export interface GifsTable {
  id: string;
  slug: string;
  title: string;
  alt_text: string;
  type: GifType;
  rating: Rating;
  source_post_url: string | null;
  source_image_url: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** Language of the title and tags (ISO 639-1, GIPHY's `lang`); picks the search stemming. */
  lang: ColumnType<string, string | undefined, string>;
  user_id: string | null;
  status: ColumnType<GifStatus, GifStatus | undefined, GifStatus>;
  visibility: ColumnType<GifVisibility, GifVisibility | undefined, GifVisibility>;
  failure_code: string | null;
  failure_message: string | null;
  source_format: string | null;
  width: number | null;
  height: number | null;
  frames: number | null;
  duration_ms: number | null;
  has_alpha: boolean | null;
  original_bytes: number | null;
  /** Storage key of the uploaded source; null until a URL import has been fetched. */
  original_key: string | null;
  content_sha256: string | null;
  /** 64-bit dHash as 16 hex characters. */
  phash: string | null;
  /** Content-safety scores (per class, highest over the sampled frames); null until processed. */
  safety_scores: ColumnType<SafetyScores | null, string | null | undefined, string | null>;
  /** The rating the scores suggest (migration 0023). */
  suggested_rating: ColumnType<Rating | null, Rating | null | undefined, Rating | null>;
  /** True once the 'rest' rendition phase has finished too. */
  renditions_complete: Generated<boolean>;
  view_count: Counter;
  click_count: Counter;
  share_count: Counter;
  favorite_count: Counter;
  /** Decayed engagement of the last days, written by the trending.recompute job. */
  recent_engagement: Generated<number>;
  last_engaged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Generated from recent engagement and time; see migration 0011. */
  trending_score: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  ready_at: Date | null;
  trending_at: Date | null;
  cta_link: ColumnType<string | null, string | null | undefined, string | null>;
  cta_text: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * What a GIF object shows of the row, then its renditions as RenditionTuples, as one JSON
   * array text; kept by triggers on gifs and renditions (migration 0016).
   */
  listed_json: ColumnType<string, never, never>;
}

/** A rendition as `gifs.listed_json` lists it: a compact JSON array, in this order. */
export type RenditionTuple = [
  name: string,
  format: string,
  width: number,
  height: number,
  frames: number,
  bytes: number,
  sha256: string,
];

export interface RenditionsTable {
  gif_id: string;
  name: string;
  format: string;
  width: number;
  height: number;
  frames: number;
  bytes: number;
  sha256: string;
  storage_key: string;
  created_at: CreatedAt;
}

export interface InstanceSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
}

export interface SearchTermsTable {
  term: string;
  searches: Counter;
  last_searched_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The ranked inverted index of ready GIFs, written only by triggers (migration 0014). */
export interface SearchPostingsTable {
  gif_id: string;
  /** The text-search configuration of a stem ('english'…), or 'words' for words as written. */
  vocabulary: string;
  lexeme: string;
  type: GifType;
  /** 0 g, 1 pg, 2 pg-13, 3 r. */
  rating_rank: number;
  /** The GIF's own text-search configuration. */
  doc_config: string;
  weight: number;
  score: number;
}

/** How many postings each (vocabulary, lexeme, type, GIF language, rating) has. */
export interface SearchPostingCountsTable {
  vocabulary: string;
  lexeme: string;
  type: GifType;
  doc_config: string;
  rating_rank: number;
  n: number;
}

/** How many ready, public GIFs there are of each type and rating (migration 0035). */
export interface VisibleGifCountsTable {
  type: GifType;
  rating: Rating;
  n: number;
}

export type PingbackAction = 'SEEN' | 'CLICK' | 'HOVER' | 'START' | 'SENT' | 'FAVORITE';

export interface SiteEventsTable {
  id: Generated<number>;
  category: string;
  action: string;
  label: string;
  page: string;
  gif_id: string | null;
  occurred_at: Date;
  received_at: CreatedAt;
}

export interface GifReportsTable {
  id: Generated<number>;
  gif_id: string;
  reason: string;
  note: string;
  reporter_user_id: string | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** How a moderator resolved it ('takedown', ...); null while open. */
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GifTakedownsTable {
  id: Generated<number>;
  gif_id: string;
  uploader_user_id: string | null;
  reason: string;
  note: ColumnType<string, string | undefined, string>;
  taken_down_by: string | null;
  emailed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  restored_at: Date | null;
  restored_by: string | null;
  /** When the quarantined files were deleted (retention passed); a restore is impossible after. */
  files_purged_at: Date | null;
}

export type AuditAction =
  | 'gif.takedown'
  | 'gif.restore'
  | 'gif.delete'
  | 'gif.edit'
  | 'gif.approve'
  | 'gif.set_rating'
  | 'gif.set_sticker'
  | 'gif.dismiss'
  | 'search_report.dismiss';

export interface GifFlagsTable {
  id: Generated<number>;
  gif_id: string;
  flagger_user_id: string | null;
  reason: string;
  suggested_rating: Rating | null;
  note: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  resolved_at: Date | null;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Why the pipeline queued a GIF for a moderator. */
export type AutomaticFlagReason = 'content_safety' | 'near_duplicate';

export interface GifAutomaticFlagsTable {
  id: Generated<number>;
  gif_id: string;
  reason: AutomaticFlagReason;
  declared_rating: Rating | null;
  suggested_rating: Rating | null;
  /** Written as JSON text. */
  scores: ColumnType<SafetyScores | null, string | null, string | null>;
  /** The other user's GIF this one is a near-duplicate of. */
  duplicate_of: string | null;
  /** Bits that differ between the two perceptual hashes. */
  distance: number | null;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SearchReportsTable {
  id: Generated<number>;
  response_id: string;
  search_term: string;
  content_type: string;
  reasons: string[];
  additional_info: ColumnType<string, string | undefined, string>;
  /** The GIFs the reported answer showed, in its order. */
  gif_ids: string[];
  reporter_user_id: string | null;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ModerationAuditLogTable {
  id: Generated<number>;
  actor_user_id: string | null;
  action: AuditAction;
  /** Null for an entry about a search report alone. */
  gif_id: string | null;
  search_report_id: ColumnType<number | null, number | null | undefined, never>;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  created_at: CreatedAt;
}

export interface PingbackEventsTable {
  id: Generated<number>;
  gif_id: string;
  action_type: PingbackAction;
  user_id: string | null;
  random_id: string | null;
  attributes: ColumnType<unknown, string | undefined, string>;
  occurred_at: Date | string;
  received_at: CreatedAt;
  /** Where the event came from: site, widget, `api:<key>`, `sdk:<name>`; null before 0028. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Per-GIF, per-day, per-source counts rolled up from raw events (migration 0028). */
export interface AnalyticsDailyTable {
  gif_id: string;
  day: ColumnType<string, string, string>;
  source: string;
  user_id: string | null;
  views: ColumnType<string, number, never>;
  clicks: ColumnType<string, number, never>;
  shares: ColumnType<string, number, never>;
  favorites: ColumnType<string, number, never>;
}

export interface AnalyticsWatermarksTable {
  stream: string;
  last_id: ColumnType<string, number, number>;
  rolled_up_at: Date | null;
  /** The last pingback id added to the GIFs' counters (the counters' own watermark, 0030). */
  counters_last_id: ColumnType<string, number, number>;
}

/** A creator's counts per GIF over aligned 1-, 4- and 16-day spans, kept like the next (0030). */
export interface AnalyticsGifSpansTable {
  user_id: string;
  span: number;
  start: ColumnType<string, string, string>;
  gif_id: string;
  views: ColumnType<string, number, never>;
  clicks: ColumnType<string, number, never>;
  shares: ColumnType<string, number, never>;
  favorites: ColumnType<string, number, never>;
}

/** A creator's roll-ups per UTC day and source, kept by triggers on analytics_daily (0030). */
export interface AnalyticsCreatorDailyTable {
  user_id: string;
  day: ColumnType<string, string, string>;
  source: string;
  views: ColumnType<string, number, never>;
  clicks: ColumnType<string, number, never>;
  shares: ColumnType<string, number, never>;
  favorites: ColumnType<string, number, never>;
}

/** How often a search answer showed a GIF, per day and search term (migration 0028). */
export interface AnalyticsSearchDailyTable {
  gif_id: string;
  day: ColumnType<string, string, string>;
  term: string;
  user_id: string | null;
  surfaced: ColumnType<string, number, never>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  login_type: string | null;
  created_at: CreatedAt;
  expires_at: Date;
}

export type AccountTokenPurpose = 'confirm_email' | 'reset_password';

export interface AccountTokensTable {
  token_hash: string;
  code_hash: string | null;
  user_id: string;
  purpose: AccountTokenPurpose;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** A sign-up waiting for its e-mail confirmation (migration 0017). */
export interface PendingSignupsTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  token_hash: string;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
}
export type PendingSignupRow = Selectable<PendingSignupsTable>;

export interface FavoritesTable {
  user_id: string;
  gif_id: string;
  created_at: CreatedAt;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface CreatorApplicationsTable {
  id: string;
  user_id: string;
  message: string;
  portfolio_url: string | null;
  status: ColumnType<
    'pending' | 'approved' | 'rejected',
    'pending' | undefined,
    'approved' | 'rejected'
  >;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
}

/** A channel (migration 0024): a user's root (parent and slug null) or a collection under it. */
export interface ChannelsTable {
  id: Generated<number>;
  user_id: string;
  parent_id: number | null;
  slug: string | null;
  title: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  banner_gif_id: string | null;
  featured_gif_id: string | null;
  is_visible: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
  type: ColumnType<ChannelType, ChannelType | undefined, ChannelType>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type ChannelType = 'community' | 'editorial';
export type ChannelRow = Selectable<ChannelsTable>;

/** A GIF in a channel: by hand, by magic tags (their ids), or both (migration 0024). */
export interface ChannelGifsTable {
  channel_id: number;
  gif_id: string;
  position: number;
  by_hand: ColumnType<boolean, boolean | undefined, boolean>;
  magic_tag_ids: ColumnType<number[], number[] | undefined, number[]>;
  added_at: CreatedAt;
}

/** A channel's tag whose GIFs join it by themselves (migration 0024). */
export interface ChannelMagicTagsTable {
  id: Generated<number>;
  channel_id: number;
  tag: string;
  created_at: CreatedAt;
}

/** A channel's featured tags, in order: the tabs on its page (migration 0024). */
export interface ChannelRankedTagsTable {
  id: Generated<number>;
  channel_id: number;
  tag: string;
  position: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

/** The database as Kysely sees it. */
/** Tags for a GIF in another language (migration 0022); triggers copy them to the GIF row. */
export interface GifLanguageTagsTable {
  gif_id: string;
  lang: string;
  tag: string;
  added_by: string | null;
  created_at: CreatedAt;
}

/** Share events per GIF and share button (migration 0022). */
export interface GifShareCountsTable {
  gif_id: string;
  share_type: string;
  n: ColumnType<string, number | undefined, number>;
}

/** A GIF put at the head of its type's trending list for a window (migration 0026). */
export interface TrendingScheduleTable {
  id: string;
  gif_id: string;
  starts_at: Date;
  ends_at: Date;
  created_by: string | null;
  created_at: CreatedAt;
  removed_at: Date | null;
  removed_by: string | null;
}

/** Who scheduled or removed which trending item, when (migration 0026). */
export interface TrendingScheduleActivityTable {
  id: Generated<string>;
  schedule_id: string;
  gif_id: string;
  type: GifType;
  action: 'scheduled' | 'removed';
  starts_at: Date;
  ends_at: Date;
  actor_id: string | null;
  created_at: CreatedAt;
}

/** A story: an ordered set of GIFs with captions (migration 0026). */
export interface StoriesTable {
  id: string;
  slug: string;
  title: string;
  description: string;
  cover_gif_id: string | null;
  user_id: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  is_published: boolean;
  /** When it is (or becomes) public; null for a draft. */
  publish_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StoryItemsTable {
  story_id: string;
  position: number;
  gif_id: string;
  caption: string;
  link: string | null;
}

/** Stories staff put on trending stories, from `publish_at` (migration 0026). */
export interface TrendingStoriesTable {
  story_id: string;
  publish_at: Date;
  added_by: string | null;
  created_at: CreatedAt;
}

/** What staff feature on /studios: an editorial channel or a creator, in order (migration 0032). */
export interface StudioFeaturesTable {
  id: Generated<number>;
  channel_id: number | null;
  user_id: string | null;
  position: number;
  chosen_by: string | null;
  created_at: CreatedAt;
}

export interface Database {
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
  search_terms: SearchTermsTable;
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
