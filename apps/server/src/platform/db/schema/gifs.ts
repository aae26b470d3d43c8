import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt, Counter, SafetyScores } from './column-types.ts';

// The GIFs themselves: rows, renditions, translations, shares and favourites.

export type GifType = 'gif' | 'sticker' | 'video';

/** 'pending_review': processed, held for a moderator's approval (MODERATION_MODE=pre). */
export type GifStatus = 'processing' | 'ready' | 'failed' | 'removed' | 'pending_review';

/** 'unlisted': served by id, page, embed and media, but in no list or search (migration 0020). */
export type GifVisibility = 'public' | 'unlisted';

export type Rating = 'g' | 'pg' | 'pg-13' | 'r';

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

/**
 * A rendition as `gifs.listed_json` lists it: a compact JSON array, in this order. The storage
 * key is there only when it is not the rendition's own `gifs/<id>/<name>.<format>`: an alias,
 * whose bytes are another rendition's file (migration 0040).
 */
export type RenditionTuple = [
  name: string,
  format: string,
  width: number,
  height: number,
  frames: number,
  bytes: number,
  sha256: string,
  storageKey?: string,
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

export interface FavoritesTable {
  user_id: string;
  gif_id: string;
  created_at: CreatedAt;
}

export interface InstanceSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
}
