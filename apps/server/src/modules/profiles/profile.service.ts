import { authorize, can, type Actor } from '../accounts/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService } from '../gifs/index.ts';
import type { SpotifyArtistService, SpotifyArtistLink } from '../spotify/index.ts';
import type { AvatarService, ProfileField, UserRepository } from '../users/index.ts';

/** What a profile edit may change, besides the Spotify link (read from Spotify first). */
export type ProfileChanges = Omit<
  Partial<Pick<UserRow, ProfileField>>,
  'spotify_url' | 'spotify_artist_name'
>;

export interface ProfileDeps {
  users: UserRepository;
  reads: GifReadService;
  spotify: SpotifyArtistService;
  avatars: AvatarService;
}

/** Profiles: read by anyone (the private fields by their owner and admins), edited by those. */
export class ProfileService {
  readonly #deps: ProfileDeps;

  constructor(deps: ProfileDeps) {
    this.#deps = deps;
  }

  /** User `id` as `actor` may see it: whether the private fields show. `not_found` if none. */
  async profile(id: string, actor: Actor | null): Promise<{ user: UserRow; showPrivate: boolean }> {
    const user = await this.#user(id);
    return { user, showPrivate: can(actor, 'user.view_private', { ownerId: user.id }) };
  }

  /**
   * Whether `username` names a public profile (a channel page the site shows), a profile that
   * is not public, or nobody at all.
   */
  async profileVisibility(username: string): Promise<'public' | 'not-public' | 'none'> {
    const user = await this.#deps.users.findByUsername(username);
    return !user ? 'none' : user.is_public ? 'public' : 'not-public';
  }

  /** How many times user `id`'s ready GIFs were viewed. */
  async viewCount(id: string): Promise<number> {
    await this.#user(id);
    return this.#deps.users.viewCount(id);
  }

  /** How many times the ready GIF `id` was viewed. */
  async gifViewCount(id: string): Promise<number> {
    return (await this.#deps.reads.readyRow(id)).view_count;
  }

  /** User `id`, if `actor` may edit their profile (they, or an admin). */
  async editable(actor: Actor | null, id: string): Promise<UserRow> {
    const user = await this.#user(id);
    authorize(actor, 'user.edit', { ownerId: user.id });
    return user;
  }

  /**
   * Applies `changes` to `user`'s profile, and links the Spotify artist (stored with the name
   * Spotify gives it, read before anything changes) or, with null or '', unlinks it. The user
   * as they are now.
   */
  async update(
    user: UserRow,
    changes: ProfileChanges,
    spotify: SpotifyArtistLink | '' | null | undefined,
  ): Promise<UserRow> {
    const artist =
      spotify === undefined
        ? {}
        : spotify === null || spotify === ''
          ? { spotify_url: null, spotify_artist_name: null }
          : await this.#deps.spotify
              .artist(user, spotify)
              .then((found) => ({ spotify_url: found.url, spotify_artist_name: found.name }));
    await this.#deps.users.updateProfile(user.id, { ...changes, ...artist });
    return this.#user(user.id);
  }

  /** Takes an avatar image for `user` (a job renders it); the user as they are now. */
  async submitAvatar(
    user: UserRow,
    file: { path: string; filename: string | null },
  ): Promise<UserRow> {
    await this.#deps.avatars.submit(user.id, file);
    return this.#user(user.id);
  }

  /** Goes back to the default avatar; the user as they are now. */
  async clearAvatar(user: UserRow): Promise<UserRow> {
    await this.#deps.avatars.clear(user.id);
    return this.#user(user.id);
  }

  async #user(id: string): Promise<UserRow> {
    const user = await this.#deps.users.findById(id);
    if (!user) throw new AppError('not_found', 'No user with that id.');
    return user;
  }
}
