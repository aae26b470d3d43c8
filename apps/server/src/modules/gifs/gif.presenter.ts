import type { Gif, GifUser } from '@jiffy/contracts';
import type { GifRow, UserRow } from '../../platform/db/schema.ts';
import { externalMediaOf } from './external-media.ts';
import { presentImages, presentVideo, type ShownRendition } from './images.presenter.ts';
import { avatarUrl } from '../users/index.ts';

export interface PresenterUrls {
  publicUrl: string;
  mediaBaseUrl: string;
}

/** The columns of a GIF row that its GIF object shows (lists select only these). */
export const shownGifColumns = [
  'id',
  'slug',
  'type',
  'title',
  'alt_text',
  'rating',
  'source_post_url',
  'tags',
  'user_id',
  'created_at',
  'trending_at',
  'cta_link',
  'cta_text',
] as const satisfies readonly (keyof GifRow)[];

export type ShownGif = Pick<GifRow, (typeof shownGifColumns)[number]>;

/** The columns of a user row that a GIF object shows of its uploader. */
export const shownUserColumns = [
  'id',
  'username',
  'display_name',
  'description',
  'avatar_key',
  'website_url',
  'instagram_url',
  'is_verified',
  'is_public',
  'suppress_chrome',
  'attribution_display_name',
] as const satisfies readonly (keyof UserRow)[];

export type ShownUser = Pick<UserRow, (typeof shownUserColumns)[number]>;

/** GIPHY's datetime format, "YYYY-MM-DD HH:MM:SS" in UTC; never-trending is all zeros. */
export function giphyDatetime(date: Date | null): string {
  if (!date) return '0000-00-00 00:00:00';
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The public fields of a user, as a GIF object embeds them. */
export function presentGifUser(user: ShownUser, urls: PresenterUrls): GifUser {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name || user.username,
    description: user.description,
    avatar_url: avatarUrl(user, urls.mediaBaseUrl),
    banner_url: '',
    profile_url: `${urls.publicUrl}/${user.username}`,
    website_url: user.website_url ?? '',
    instagram_url: user.instagram_url ?? '',
    is_verified: user.is_verified,
    is_public: user.is_public,
    suppress_chrome: user.suppress_chrome,
    attribution_display_name: user.attribution_display_name ?? '',
  };
}

/**
 * The response id a cached answer is presented with. Each response swaps in its own id, both
 * where it stands as text (`meta.response_id`) and where it is base64url-encoded inside the
 * analytics payloads (see `analyticsPayload` and RenderedAnswer).
 */
export const RESPONSE_ID_SLOT = 'jiffyresponseidslot00000';

/**
 * The opaque payload GIPHY's analytics send back with every pingback: which GIF, in which
 * response. base64url so it travels in URLs and JSON untouched. The part before the response id
 * is padded with empty `&` pairs to a whole number of base64 groups, so the id is encoded on its
 * own: a cached answer can then swap in each response's id (see RenderedAnswer).
 */
export function analyticsPayload(gifId: string, responseId: string): string {
  let head = `gif_id=${gifId}&response_id=`;
  while (Buffer.byteLength(head) % 3 !== 0) head = `&${head}`;
  return `e=${base64url(head)}${base64url(responseId)}`;
}

const base64url = (text: string): string => Buffer.from(text).toString('base64url');

/** A GIF row, its renditions and its uploader as GIPHY's GIF object. */
export function presentGif(
  gif: ShownGif,
  renditions: ShownRendition[],
  user: ShownUser | undefined,
  urls: PresenterUrls,
  responseId = '',
): Gif {
  const video =
    gif.type === 'video'
      ? presentVideo(renditions, urls.mediaBaseUrl, gif.alt_text || gif.title)
      : null;
  const external = externalMediaOf(gif.source_post_url);
  const page = `${urls.publicUrl}/gifs/${gif.slug}`;
  const source = gif.source_post_url ?? '';
  const payload = analyticsPayload(gif.id, responseId);
  const pingback = (action: string) => ({
    url: `${urls.publicUrl}/v2/pingback/simple?analytics_response_payload=${encodeURIComponent(payload)}&action_type=${action}`,
  });
  return {
    type: gif.type,
    id: gif.id,
    slug: gif.slug,
    url: page,
    bitly_url: `${urls.publicUrl}/gifs/${gif.id}`,
    bitly_gif_url: `${urls.publicUrl}/gifs/${gif.id}`,
    embed_url: `${urls.publicUrl}/embed/${gif.id}`,
    username: user?.username ?? '',
    source,
    source_tld: hostOf(source),
    source_post_url: source,
    rating: gif.rating,
    title: gif.title,
    alt_text: gif.alt_text,
    is_sticker: gif.type === 'sticker' ? 1 : 0,
    tags: gif.tags,
    import_datetime: giphyDatetime(gif.created_at),
    trending_datetime: giphyDatetime(gif.trending_at),
    ...(user ? { user: presentGifUser(user, urls) } : {}),
    images: presentImages(renditions, urls.mediaBaseUrl),
    ...(video ? { video } : {}),
    ...(external ? { external_media: external } : {}),
    ...(gif.cta_link && gif.cta_text ? { cta: { link: gif.cta_link, text: gif.cta_text } } : {}),
    analytics_response_payload: payload,
    analytics: { onload: pingback('SEEN'), onclick: pingback('CLICK'), onsent: pingback('SENT') },
  };
}

function hostOf(url: string): string {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}
