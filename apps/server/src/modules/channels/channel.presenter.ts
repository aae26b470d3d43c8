import type { ChannelLink, ChannelObject, Gif } from '@jiffy/contracts';
import { presentGifUser, type PresenterUrls, type ShownUser } from '../gifs/index.ts';
import type { ChannelWithOwner } from './channel.repository.ts';
import type { MagicTagRow, RankedTagRow } from './channel-tag.repository.ts';

/** Everything a channel object shows, loaded by ChannelReader. */
export interface ChannelView {
  channel: ChannelWithOwner;
  owner: ShownUser;
  /** Root first, the parent last. */
  ancestors: ChannelWithOwner[];
  hasChildren: boolean;
  rankedTags: RankedTagRow[];
  /** Only for whoever may manage the channel; others get []. */
  magicTags: MagicTagRow[];
  featuredGif: Gif | null;
  bannerGif: Gif | null;
}

/** A channel as a link: the root's slug and name are its owner's. */
export function presentChannelLink(
  channel: ChannelWithOwner,
  ancestors: ChannelWithOwner[],
  owner: ShownUser,
): ChannelLink {
  const slugs = [...ancestors, channel].flatMap((c) => (c.slug === null ? [] : [c.slug]));
  return {
    id: channel.id,
    slug: channel.slug ?? owner.username,
    path: [owner.username, ...slugs].join('/'),
    display_name: channel.parent_id === null ? owner.display_name || owner.username : channel.title,
  };
}

/** GIPHY's channel object (see ChannelObject in contracts). */
export function presentChannel(view: ChannelView, urls: PresenterUrls): ChannelObject {
  const { channel, ancestors, owner } = view;
  const link = presentChannelLink(channel, ancestors, owner);
  const ancestorLinks = ancestors.map((a, i) =>
    presentChannelLink(a, ancestors.slice(0, i), owner),
  );
  const banner = view.bannerGif?.images;
  return {
    ...link,
    url: `${urls.publicUrl}/${link.path}`,
    short_display_name: link.display_name,
    description: channel.description,
    type: channel.type,
    content_type: 'gif',
    banner_image: banner?.original_still?.url ?? banner?.original?.url ?? null,
    featured_gif: view.featuredGif,
    user: presentGifUser(owner, urls),
    parent: ancestorLinks.at(-1) ?? null,
    ancestors: ancestorLinks,
    has_children: view.hasChildren,
    is_visible: channel.is_visible,
    is_private: !channel.is_visible,
    is_root: channel.parent_id === null,
    tags: view.rankedTags.map((t, i) => ({ id: t.id, tag: t.tag, rank: i + 1 })),
    syncable_tags: view.magicTags.map((t) => ({ id: t.id, tag: t.tag })),
  };
}
