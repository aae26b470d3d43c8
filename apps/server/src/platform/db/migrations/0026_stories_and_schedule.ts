import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The trending scheduler and stories.
 *
 * `trending_schedule`: a GIF put at the head of its type's trending list from `starts_at` until
 * `ends_at`. A removal keeps the row (`removed_at`), so the activity log can name what was
 * removed; `trending_schedule_activity` is that log (who scheduled or removed what, when), with
 * no foreign keys on the GIF or item so an entry outlives both.
 *
 * `stories`: an ordered set of GIFs with captions. `story_items` cascade with their story and
 * their GIF (a deleted GIF drops out of every story; a taken-down one stays, hidden on read, so
 * a restore brings it back). `trending_stories`: staff's picks, one row per story.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE trending_schedule (
      id text PRIMARY KEY,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      created_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      removed_at timestamptz,
      removed_by text REFERENCES users(id) ON DELETE SET NULL,
      CHECK (ends_at > starts_at)
    )`,
    // The trending read asks for live items by time; the list for coming ones by start.
    `CREATE INDEX trending_schedule_live ON trending_schedule (ends_at, starts_at)
      WHERE removed_at IS NULL`,
    `CREATE INDEX trending_schedule_gif ON trending_schedule (gif_id) WHERE removed_at IS NULL`,
    `CREATE TABLE trending_schedule_activity (
      id bigserial PRIMARY KEY,
      schedule_id text NOT NULL,
      gif_id text NOT NULL,
      type text NOT NULL,
      action text NOT NULL CHECK (action IN ('scheduled', 'removed')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      actor_id text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE stories (
      id text PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      cover_gif_id text REFERENCES gifs(id) ON DELETE SET NULL,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      tags text[] NOT NULL DEFAULT '{}',
      is_published boolean NOT NULL DEFAULT false,
      publish_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // An author's list (newest first) and the published stories of everyone (partnerArtist).
    `CREATE INDEX stories_by_user ON stories (user_id, created_at DESC, id DESC)`,
    `CREATE INDEX stories_published ON stories (publish_at DESC, id DESC) WHERE is_published`,
    `CREATE TABLE story_items (
      story_id text NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
      position integer NOT NULL,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      caption text NOT NULL DEFAULT '',
      link text,
      PRIMARY KEY (story_id, position)
    )`,
    `CREATE INDEX story_items_gif ON story_items (gif_id)`,
    `CREATE TABLE trending_stories (
      story_id text PRIMARY KEY REFERENCES stories(id) ON DELETE CASCADE,
      publish_at timestamptz NOT NULL,
      added_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  ]);
}
