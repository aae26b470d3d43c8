import type { ChannelObject, Gif } from '@jiffy/contracts';
import type { ChannelChanges } from './channel-api.ts';

/**
 * A GIF choice that keeps what the channel has: its banner (or featured GIF) is not among the
 * GIFs the form lists, so the form cannot name it and leaves it as it is.
 */
export const KEEP = 'keep';

/** The edit form's fields; a GIF choice is an id, '' for none, or KEEP. */
export interface ChannelForm {
  display_name: string;
  slug: string;
  description: string;
  is_visible: boolean;
  type: ChannelObject['type'];
  featured: string;
  banner: string;
}

/** The still (or the GIF) a channel object's `banner_image` shows, as the server picks it. */
export const bannerUrlOf = (gif: Gif): string | undefined =>
  gif.images.original_still?.url ?? gif.images.original?.url;

/**
 * Which of `gifs` is the channel's banner: the object carries only the banner's picture
 * (GIPHY's `banner_image`), so it is found by that URL; KEEP when it is none of them.
 */
export function bannerChoice(bannerImage: string | null, gifs: Gif[]): string {
  if (!bannerImage) return '';
  return gifs.find((gif) => bannerUrlOf(gif) === bannerImage)?.id ?? KEEP;
}

/** The form as the channel stands, with its GIF choices found among `gifs`. */
export function formOf(channel: ChannelObject, gifs: Gif[]): ChannelForm {
  return {
    display_name: channel.display_name,
    slug: channel.slug,
    description: channel.description,
    is_visible: channel.is_visible,
    type: channel.type,
    featured: channel.featured_gif?.id ?? '',
    banner: bannerChoice(channel.banner_image, gifs),
  };
}

/**
 * What the PATCH sends: only the fields that differ from how the channel stands (the server
 * refuses a root channel's name, slug, visibility and type even unchanged, and an empty change).
 */
export function changesOf(before: ChannelForm, after: ChannelForm): ChannelChanges {
  const changes: ChannelChanges = {};
  if (after.display_name.trim() !== before.display_name)
    changes.display_name = after.display_name.trim();
  if (after.slug.trim() !== before.slug) changes.slug = after.slug.trim();
  if (after.description.trim() !== before.description)
    changes.description = after.description.trim();
  if (after.is_visible !== before.is_visible) changes.is_visible = after.is_visible;
  if (after.type !== before.type) changes.type = after.type;
  if (after.featured !== before.featured && after.featured !== KEEP)
    changes.featured_gif = after.featured || null;
  if (after.banner !== before.banner && after.banner !== KEEP)
    changes.banner_gif = after.banner || null;
  return changes;
}
