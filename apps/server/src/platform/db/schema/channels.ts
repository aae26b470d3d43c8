import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, UpdatedAt } from './column-types.ts';

// Channels, their GIFs and tags, and what staff feature on /studios.

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
  /** Its GIF is ready and public, kept by triggers (migration 0042): what a feed skips over. */
  gif_shown: ColumnType<boolean, never, never>;
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

/** What staff feature on /studios: an editorial channel or a creator, in order (migration 0032). */
export interface StudioFeaturesTable {
  id: Generated<number>;
  channel_id: number | null;
  user_id: string | null;
  position: number;
  chosen_by: string | null;
  created_at: CreatedAt;
}
