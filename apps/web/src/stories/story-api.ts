import type { Gif, GifUser } from '@jiffy/contracts';
import { apiKey } from '../api/client.ts';
import { siteBody } from '../api/site-fetch.ts';

/**
 * The service gateway's base path (docs/api.md, "The service gateway: stories and the trending
 * scheduler").
 */
const GATEWAY = '/x/v1';

/** One GIF of a story, in its place: the GIF, its caption and an optional link. */
export interface StoryItem {
  gif: Gif;
  caption: string;
  link: string | null;
}

/** A story as the gateway answers it; `gifs` is absent when only the cover was asked for. */
export interface Story {
  story_id: string;
  slug: string;
  title: string;
  description: string;
  url: string;
  cover_gif: Gif | null;
  gifs?: StoryItem[];
  user: GifUser | null;
  tags: string[];
  is_published: boolean;
  publish_datetime: string | null;
  create_datetime: string;
  update_datetime: string;
}

/** What the editor sends, with POST (a new story) or PUT (the whole story again). */
export interface StoryBody {
  title: string;
  description: string;
  cover_gif_id: string | null;
  tags: string[];
  items: { gif_id: string; caption: string; link: string | null }[];
  is_published: boolean;
  publish_datetime: string | null;
}

export interface StoryPage {
  data: Story[];
  next_cursor: string | null;
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * A gateway call: the session cookie with the CSRF echo (so authors and staff see their own),
 * and for reads the site's public api_key too, which is all a visitor has.
 */
export function gateway<T>(
  path: string,
  init: { method?: string; json?: unknown; query?: Query } = {},
): Promise<T> {
  const params = new URLSearchParams();
  if (!init.method || init.method === 'GET') params.set('api_key', apiKey());
  for (const [key, value] of Object.entries(init.query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const search = params.size > 0 ? `?${params}` : '';
  return siteBody<T>(`${GATEWAY}/${path}${search}`, { method: init.method, json: init.json });
}

/** Stories newest first: everyone's, or one author's (with drafts for the author and staff). */
export const listStories = (query: {
  username?: string;
  fetch_unpublished?: boolean;
  by_staff?: boolean;
  limit?: number;
  next_cursor?: string;
}) =>
  gateway<StoryPage>('stories', {
    query: { ...query, gif_hydration_method: 'COVER_ONLY' },
  });

export const storyBySlug = async (slug: string) =>
  (await gateway<{ data: Story }>(`stories/slug/${encodeURIComponent(slug)}`)).data;

export const storyById = async (id: string) =>
  (await gateway<{ data: Story }>(`stories/${encodeURIComponent(id)}`)).data;

/** PUT when the story already has a story_id, POST otherwise. */
export const saveStory = async (storyId: string | null, body: StoryBody) =>
  (
    await gateway<{ data: Story }>(storyId ? `stories/${storyId}` : 'stories', {
      method: storyId ? 'PUT' : 'POST',
      json: body,
    })
  ).data;

export const deleteStory = (id: string) =>
  gateway<unknown>(`stories/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** A story on trending stories and its time there. */
export interface TrendingStory {
  trending_story: { story_id: string; publish_datetime: string | null };
  story: Story;
}

export const trendingStories = async () =>
  (
    await gateway<{ data: TrendingStory[] }>('stories/trending', {
      query: { gif_hydration_method: 'COVER_ONLY' },
    })
  ).data;

/** Staff: puts a published story on trending stories, now. */
export const putOnTrending = (storyId: string) =>
  gateway<unknown>('stories/trending', {
    method: 'POST',
    json: { trending_story: { story_id: storyId } },
  });

/** Published stories by verified creators (at most 50), newest first. */
export const partnerArtistStories = async (limit = 12) =>
  (
    await gateway<{ data: Story[] }>('stories/partnerArtist', {
      query: { limit, gif_hydration_method: 'COVER_ONLY' },
    })
  ).data;
