import type { Gif, GifUser } from '@jiffy/contracts';
// The avatar module alone: the contracts' index would bring zod into the bundle.
import { avatarVariantUrl } from '@jiffy/contracts/avatar';

/** How many default avatars there are (default1 … default5). */
const DEFAULT_AVATARS = 5;

/** One of the five default avatars, picked at random. */
export const randomDefaultAvatar = (): number => 1 + Math.floor(Math.random() * DEFAULT_AVATARS);

/**
 * The avatar the hover attribution shows: the user's avatar at its 80 px high variant, or,
 * with no avatar_url, default avatar `n` from the server the GIF's media come from.
 */
export function attributionAvatarUrl(gif: Gif, user: GifUser, n: number): string | undefined {
  if (user.avatar_url) return avatarVariantUrl(user.avatar_url, '80h');
  // Media URLs are `<media base>/<gif id>/<rendition>`; avatars live at `<media base>/avatars/`.
  const mediaUrl = gif.images.original?.url ?? '';
  const at = mediaUrl.indexOf(`/${gif.id}/`);
  return at > 0 ? `${mediaUrl.slice(0, at)}/avatars/default${n}/80h.gif` : undefined;
}
