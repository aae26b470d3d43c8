import type { KeyboardEvent, MouseEvent, SyntheticEvent } from 'react';
import type { Gif, GifUser } from '@jiffy/contracts';

/** Widget callbacks about one tile; the grid and carousel hand them to every tile. */
export interface TileCallbacks {
  onGifClick?: (gif: Gif, event: MouseEvent) => void;
  /** As soon as the pointer is over the tile (the HOVER pingback waits 200 ms). */
  onGifHover?: (gif: Gif, event: SyntheticEvent) => void;
  /** Once, when the tile is at least 99% in view after its image loaded (as SEEN). */
  onGifSeen?: (gif: Gif, boundingClientRect: DOMRect) => void;
  /** Once, when any part of the tile first comes into view. */
  onGifVisible?: (gif: Gif, entry: IntersectionObserverEntry) => void;
  onGifRightClick?: (gif: Gif, event: MouseEvent) => void;
  onGifKeyPress?: (gif: Gif, event: KeyboardEvent) => void;
  /** Clicking the attribution: this, or the user's profile_url in a new tab. */
  onUserClick?: (user: GifUser) => void;
}

/** Widget props that shape every tile, given to a Gif or to a whole grid or carousel. */
export interface TileOptions extends TileCallbacks {
  /** A tile that is not a link (the caller handles clicks). */
  noLink?: boolean;
  hideAttribution?: boolean;
  /** Default 4. */
  borderRadius?: number;
  /** Default 0: every tile is in the keyboard's tab order. */
  tabIndex?: number;
  /** The signed-in user of the page, if any: their id goes with the pingbacks (user_id). */
  user?: Partial<GifUser>;
}

const TILE_OPTION_KEYS = [
  'onGifClick',
  'onGifHover',
  'onGifSeen',
  'onGifVisible',
  'onGifRightClick',
  'onGifKeyPress',
  'onUserClick',
  'noLink',
  'hideAttribution',
  'borderRadius',
  'tabIndex',
  'user',
] as const satisfies readonly (keyof TileOptions)[];

/** The tile options out of a grid's or carousel's props, to pass to each of its tiles. */
export function tileOptionsOf(props: TileOptions): TileOptions {
  const picked: Record<string, unknown> = {};
  for (const key of TILE_OPTION_KEYS) if (props[key] !== undefined) picked[key] = props[key];
  return picked;
}
