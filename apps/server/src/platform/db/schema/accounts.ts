import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, UpdatedAt } from './column-types.ts';

// People and their credentials: users, sessions, keys, tokens, sign-ups, creator applications.

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
  /** What a moderator or admin was before their first staff role; null for everyone else. */
  role_before_staff: ColumnType<
    'user' | 'creator' | null,
    'user' | 'creator' | null | undefined,
    'user' | 'creator' | null
  >;
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
  /** The deciding moderator's words to the applicant (migration 0036). */
  decision_note: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}
