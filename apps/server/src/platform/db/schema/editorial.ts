import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './column-types.ts';
import type { GifType } from './gifs.ts';

// Stories and the trending scheduler.

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
