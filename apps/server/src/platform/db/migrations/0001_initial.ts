import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Users, API keys, GIFs with their renditions, and instance settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE users (
    id text PRIMARY KEY,
    username text NOT NULL CHECK (username ~ '^[A-Za-z0-9_]{2,30}$'),
    display_name text NOT NULL DEFAULT '',
    description text NOT NULL DEFAULT '',
    avatar_url text,
    website_url text,
    instagram_url text,
    twitter text,
    is_verified boolean NOT NULL DEFAULT false,
    is_public boolean NOT NULL DEFAULT true,
    suppress_chrome boolean NOT NULL DEFAULT false,
    attribution_display_name text,
    role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'creator', 'moderator', 'admin')),
    email text,
    password_hash text,
    email_confirmed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
    `CREATE UNIQUE INDEX users_username_key ON users (lower(username))`,
    `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
    `CREATE TABLE api_keys (
    key text PRIMARY KEY,
    user_id text REFERENCES users (id) ON DELETE CASCADE,
    name text NOT NULL,
    is_default boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
  )`,
    `CREATE TABLE gifs (
    id text PRIMARY KEY,
    slug text NOT NULL,
    title text NOT NULL DEFAULT '',
    alt_text text NOT NULL DEFAULT '',
    type text NOT NULL CHECK (type IN ('gif', 'sticker', 'video')),
    rating text NOT NULL DEFAULT 'g' CHECK (rating IN ('g', 'pg', 'pg-13', 'r')),
    source_post_url text,
    source_image_url text,
    tags text[] NOT NULL DEFAULT '{}',
    user_id text REFERENCES users (id) ON DELETE SET NULL,
    status text NOT NULL DEFAULT 'processing'
      CHECK (status IN ('processing', 'ready', 'failed', 'removed')),
    failure_code text,
    failure_message text,
    source_format text,
    width integer,
    height integer,
    frames integer,
    duration_ms integer,
    has_alpha boolean,
    original_bytes bigint,
    original_key text,
    content_sha256 text,
    phash text CHECK (phash ~ '^[0-9a-f]{16}$'),
    renditions_complete boolean NOT NULL DEFAULT false,
    view_count bigint NOT NULL DEFAULT 0,
    click_count bigint NOT NULL DEFAULT 0,
    share_count bigint NOT NULL DEFAULT 0,
    favorite_count bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    ready_at timestamptz,
    trending_at timestamptz
  )`,
    `CREATE INDEX gifs_status_created_idx ON gifs (status, created_at DESC)`,
    `CREATE INDEX gifs_user_idx ON gifs (user_id, created_at DESC)`,
    `CREATE INDEX gifs_trending_idx ON gifs (trending_at DESC) WHERE trending_at IS NOT NULL`,
    `CREATE INDEX gifs_content_sha256_idx ON gifs (content_sha256)`,
    `CREATE INDEX gifs_tags_idx ON gifs USING gin (tags)`,
    `CREATE TABLE renditions (
    gif_id text NOT NULL REFERENCES gifs (id) ON DELETE CASCADE,
    name text NOT NULL,
    format text NOT NULL CHECK (format IN ('gif', 'mp4', 'webp', 'jpg', 'png')),
    width integer NOT NULL,
    height integer NOT NULL,
    frames integer NOT NULL,
    bytes bigint NOT NULL,
    sha256 text NOT NULL,
    storage_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (gif_id, name, format)
  )`,
    `CREATE TABLE instance_settings (
    key text PRIMARY KEY,
    value jsonb NOT NULL
  )`,
  ]);
}
