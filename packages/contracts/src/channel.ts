import type { Gif, GifUser } from './gif.ts';

/** The deepest a channel may sit below its root (a path of at most this many slugs). */
export const MAX_CHANNEL_DEPTH = 8;

/** A channel as its parent and ancestors are shown: enough for a link and a breadcrumb. */
export interface ChannelLink {
  id: number;
  slug: string;
  /** `username/slug/...`: the channel's page is `/<path>`, and `?slug=` takes it. */
  path: string;
  display_name: string;
}

/** One of a channel's ranked tags (the tabs on its page), best first. */
export interface ChannelRankedTag {
  id: number;
  tag: string;
  rank: number;
}

/** One of a channel's magic tags: GIFs with the tag join the channel by themselves. */
export interface ChannelMagicTag {
  id: number;
  tag: string;
}

/** A channel in GIPHY's channel object shape, plus Jiffy's `path` and `is_root`. */
export interface ChannelObject extends ChannelLink {
  url: string;
  short_display_name: string;
  description: string;
  type: 'community' | 'editorial';
  content_type: 'gif';
  /** The banner GIF's still, or null. */
  banner_image: string | null;
  featured_gif: Gif | null;
  user: GifUser;
  parent: ChannelLink | null;
  /** Root first, the parent last. */
  ancestors: ChannelLink[];
  has_children: boolean;
  is_visible: boolean;
  is_private: boolean;
  is_root: boolean;
  tags: ChannelRankedTag[];
  /** Shown to whoever may manage the channel; empty for everyone else. */
  syncable_tags: ChannelMagicTag[];
}

/** Where a channel job stands (`retrieve-job`); the site polls until `DONE` (or `FAILED`). */
export type ChannelJobStatus = 'PENDING' | 'STARTED' | 'DONE' | 'FAILED';
