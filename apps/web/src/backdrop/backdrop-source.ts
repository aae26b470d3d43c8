import type { Gif } from '@jiffy/contracts';
import { api } from '../api/client.ts';
import { channelApi } from '../channels/channel-api.ts';
import { storyBySlug } from '../stories/story-api.ts';

/** What a backdrop loops through; each has a path of its own, so a backdrop can be shared. */
export type BackdropSource =
  | { kind: 'trending' }
  | { kind: 'search'; term: string }
  | { kind: 'channel'; id: number }
  | { kind: 'story'; slug: string };

/** A backdrop holds this many GIFs: a long loop, one request. */
export const BACKDROP_GIFS = 50;

/** The source a `/backdrop/…` path names (the part after `/backdrop/`), or null if none. */
export function sourceOfPath(rest: string): BackdropSource | null {
  const [kind, ...parts] = rest.split('/').filter((part) => part !== '');
  const value = parts.join('/');
  if (kind === undefined) return null;
  if (kind === 'trending' && !value) return { kind: 'trending' };
  if (kind === 'search' && value) return { kind: 'search', term: value };
  if (kind === 'story' && value) return { kind: 'story', slug: value };
  if (kind === 'channel' && /^[1-9]\d{0,9}$/.test(value))
    return { kind: 'channel', id: Number(value) };
  return null;
}

/** The path of a backdrop of `source`. */
export function pathOfSource(source: BackdropSource): string {
  switch (source.kind) {
    case 'trending':
      return '/backdrop/trending';
    case 'search':
      return `/backdrop/search/${encodeURIComponent(source.term)}`;
    case 'channel':
      return `/backdrop/channel/${source.id}`;
    case 'story':
      return `/backdrop/story/${encodeURIComponent(source.slug)}`;
  }
}

/** A backdrop's GIFs, in the order they are shown, and its heading. */
export async function loadBackdrop(
  source: BackdropSource,
): Promise<{ gifs: Gif[]; title: string }> {
  const page = { offset: 0, limit: BACKDROP_GIFS };
  switch (source.kind) {
    case 'trending':
      return { gifs: (await api.trending(page)).data, title: 'Trending GIFs' };
    case 'search':
      return { gifs: (await api.search(source.term, page)).data, title: `“${source.term}”` };
    case 'channel': {
      const [channel, feed] = await Promise.all([
        channelApi.byId(source.id),
        channelApi.feed(source.id, page),
      ]);
      return { gifs: feed.data, title: channel.display_name };
    }
    case 'story': {
      const story = await storyBySlug(source.slug);
      return { gifs: (story.gifs ?? []).map((item) => item.gif), title: story.title };
    }
  }
}
