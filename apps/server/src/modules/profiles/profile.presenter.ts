import type { ProfileObject } from '@jiffy/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import { presentGifUser, type PresenterUrls } from '../gifs/index.ts';

/**
 * A user's profile as the site API shows it: what GIF objects show of their uploader, the
 * profile's own links, and the private fields to the user and admins (`showPrivate`).
 */
export function presentProfile(
  user: UserRow,
  urls: PresenterUrls,
  showPrivate: boolean,
): ProfileObject {
  return {
    ...presentGifUser(user, urls),
    twitter: user.twitter ?? '',
    spotify_url: user.spotify_url ?? '',
    spotify_artist_name: user.spotify_artist_name ?? '',
    freelance: user.freelance,
    ...(showPrivate
      ? {
          email: user.email,
          role: user.role,
          email_confirmed: user.email_confirmed_at !== null,
          // An uploaded avatar renders in a job: avatar_url changes when it is done.
          avatar_pending: user.avatar_pending_key !== null,
          avatar_error: user.avatar_error,
        }
      : {}),
  };
}

export type Profile = ProfileObject;

/** A member of the instance's team: their public profile and what they do here. */
export function presentTeamMember(user: UserRow, urls: PresenterUrls) {
  return { ...presentProfile(user, urls, false), team_role: user.role };
}
