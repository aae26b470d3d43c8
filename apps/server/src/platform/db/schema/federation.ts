import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, UpdatedAt } from './column-types.ts';

/** An actor's key pairs as JWK text, made once (migration 0043). */
export interface FederationActorKeysTable {
  actor: string;
  rsa_public_jwk: string;
  rsa_private_jwk: string;
  ed25519_public_jwk: string;
  ed25519_private_jwk: string;
  created_at: CreatedAt;
}

/** What an actor's owner chose about being followed (migration 0043). */
export interface FederationActorSettingsTable {
  actor: string;
  manually_approves: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: UpdatedAt;
}

export type RemoteFollowerStatus = 'pending' | 'accepted';

/** A remote actor following a local one, or asking to (migration 0043). */
export interface FederationFollowersTable {
  id: Generated<number>;
  actor: string;
  remote_actor: string;
  remote_handle: string | null;
  inbox: string;
  shared_inbox: string | null;
  remote_host: string;
  follow_id: string;
  status: RemoteFollowerStatus;
  created_at: CreatedAt;
  accepted_at: Date | null;
}

export type FederationFollowerRow = Selectable<FederationFollowersTable>;

/** A remote host whose activities are refused and to which nothing is sent (migration 0043). */
export interface FederationBlockedHostsTable {
  host: string;
  blocked_by: string | null;
  created_at: CreatedAt;
}

/** A GIF an actor announced (Create), with the hash of what it last sent (migration 0043). */
export interface FederationPostsTable {
  id: Generated<number>;
  actor: string;
  gif_id: string;
  content_hash: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export type FederationPostRow = Selectable<FederationPostsTable>;

/** One activity for one inbox: what the delivery job sends, once (migration 0043). */
export interface FederationDeliveriesTable {
  id: Generated<number>;
  activity_id: string;
  kind: string;
  actor: string;
  inbox: string;
  post_id: number | null;
  body: string;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  delivered_at: Date | null;
  created_at: CreatedAt;
}

export type FederationDeliveryRow = Selectable<FederationDeliveriesTable>;

/** Fedify's key-value store (migration 0043). */
export interface FederationKvTable {
  key: string;
  value: string;
  expires_at: Date | null;
}
