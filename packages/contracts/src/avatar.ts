/** Avatar sizes: 80 and 200 px high, 200 px wide. */
export type AvatarSize = '80h' | '200h' | '200w';

/**
 * GIPHY's avatar URL rewrite: `…/name.gif` becomes `…/name/80h.gif`. Jiffy's avatar URLs
 * (uploaded and default) follow the same layout, so clients pick a size without another call.
 */
export function avatarVariantUrl(avatarUrl: string, size: AvatarSize): string {
  return avatarUrl.replace(/\.(gif|png|jpe?g|webp)(\?.*)?$/i, `/${size}.$1`);
}
