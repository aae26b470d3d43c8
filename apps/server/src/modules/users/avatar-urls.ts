import type { UserRow } from '../../platform/db/schema.ts';

/** Users with no avatar get one of these (`avatars/default1.gif` … `default5.gif`). */
export const DEFAULT_AVATAR_COUNT = 5;

/** The default avatar a user without one shows: fixed per user, spread over the five. */
export function defaultAvatarNumber(userId: string): number {
  let sum = 0;
  for (const char of userId) sum = (sum * 31 + char.charCodeAt(0)) >>> 0;
  return (sum % DEFAULT_AVATAR_COUNT) + 1;
}

/** The public avatar URL; `avatarVariantUrl` (contracts) turns it into the 80h/200h/200w files. */
export function avatarUrl(user: Pick<UserRow, 'id' | 'avatar_key'>, mediaBaseUrl: string): string {
  if (user.avatar_key) return `${mediaBaseUrl}/avatars/${user.id}/${user.avatar_key}.gif`;
  return `${mediaBaseUrl}/avatars/default${defaultAvatarNumber(user.id)}.gif`;
}

/**
 * Storage key of an avatar file named by its URL path under `/media/avatars/`, or null when the
 * path is not one. `<id>/<key>.gif` → `avatars/<id>/<key>/original.gif`;
 * `<id>/<key>/80h.gif` → `avatars/<id>/<key>/80h.gif`; defaults alike.
 */
export function avatarStorageKey(urlPath: string): string | null {
  const match =
    /^((?:default[1-5])|(?:[A-Za-z0-9]{1,64}\/[a-f0-9]{16}))(?:\/(80h|200h|200w))?\.gif$/.exec(
      urlPath,
    );
  if (!match) return null;
  return `avatars/${match[1]}/${match[2] ?? 'original'}.gif`;
}
