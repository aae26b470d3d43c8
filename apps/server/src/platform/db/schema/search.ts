import type { ColumnType } from 'kysely';
import type { Counter } from './column-types.ts';
import type { GifType, Rating } from './gifs.ts';

// The search index and the counts kept beside it.

/**
 * Who searched a term on a day and found GIFs (migration 0037): `visitor` is a keyed hash that
 * changes daily, never an address or a user id.
 */
export interface SearchTermVisitorsTable {
  term: string;
  /** The UTC day, `YYYY-MM-DD`. */
  day: ColumnType<string, string, never>;
  visitor: string;
  searches: Counter;
  last_searched_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Terms a moderator took off trending searches (and autocomplete) for good. */
export interface HiddenSearchTermsTable {
  term: string;
  hidden_by: string | null;
  hidden_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Words and phrases no trending search or suggestion may contain (moderator-edited). */
export interface BlockedSearchTermsTable {
  phrase: string;
  added_by: string | null;
  added_at: ColumnType<Date, Date | string | undefined, never>;
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
