import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Federation (ActivityPub): what Jiffy keeps to be other servers' peer. Actors are named by a
 * stable identifier (`u-<user id>` for a creator, `c-<channel id>` for a channel) rather than
 * by a foreign key, so a key pair, a follower or a post outlives nothing it should not: rows
 * of an actor that is gone are simply never read. Posts name their GIF the same way, because
 * deleting a GIF deletes its row, and the Delete sent for it must still know where it went.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Made once per actor, on first need, and kept: a remote server caches the public key.
    `CREATE TABLE federation_actor_keys (
      actor text PRIMARY KEY,
      rsa_public_jwk text NOT NULL,
      rsa_private_jwk text NOT NULL,
      ed25519_public_jwk text NOT NULL,
      ed25519_private_jwk text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE federation_actor_settings (
      actor text PRIMARY KEY,
      manually_approves boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE federation_followers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor text NOT NULL,
      remote_actor text NOT NULL,
      remote_handle text,
      inbox text NOT NULL,
      shared_inbox text,
      remote_host text NOT NULL,
      follow_id text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'accepted')),
      created_at timestamptz NOT NULL DEFAULT now(),
      accepted_at timestamptz,
      UNIQUE (actor, remote_actor)
    )`,
    `CREATE INDEX federation_followers_host ON federation_followers (remote_host)`,
    `CREATE TABLE federation_blocked_hosts (
      host text PRIMARY KEY,
      blocked_by text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    // One row per GIF an actor has announced; deleted_at once its Delete went out.
    `CREATE TABLE federation_posts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor text NOT NULL,
      gif_id text NOT NULL,
      content_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      UNIQUE (actor, gif_id)
    )`,
    `CREATE INDEX federation_posts_live ON federation_posts (actor, id) WHERE deleted_at IS NULL`,
    // One row per activity and inbox: the delivery job's idempotency key, and the record of
    // where a post went (its Delete goes to the same inboxes).
    `CREATE TABLE federation_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      activity_id text NOT NULL,
      kind text NOT NULL,
      actor text NOT NULL,
      inbox text NOT NULL,
      post_id bigint REFERENCES federation_posts (id) ON DELETE CASCADE,
      body text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (activity_id, inbox)
    )`,
    `CREATE INDEX federation_deliveries_post ON federation_deliveries (post_id)`,
    // Fedify's own key-value store (remote documents it caches, activities it has seen).
    `CREATE TABLE federation_kv (
      key text PRIMARY KEY,
      value text NOT NULL,
      expires_at timestamptz
    )`,
  ]);
}
