import type { ChannelObject, ChannelJobStatus, Gif } from '@jiffy/contracts';
import { siteBody, siteJson } from '../api/site-fetch.ts';
import { queryKeys } from '../first-page/first-page-data.ts';

/** A feed page as the site API answers it (`/api/v4/channels/{id}/feed/`). */
export interface FeedAnswer {
  data: Gif[];
  pagination: { total_count: number; count: number; offset: number; next_cursor: string | null };
}

/** What a `PATCH /api/v4/channels/{id}/` may change (the server's updateChannelBody). */
export interface ChannelChanges {
  display_name?: string;
  slug?: string;
  description?: string;
  /** GIF ids (one of the channel's), or null for none. */
  banner_gif?: string | null;
  featured_gif?: string | null;
  is_visible?: boolean;
  type?: ChannelObject['type'];
}

/** The channel page's query of the channel at `path` (`user/slug/…`, any case). */
export const channelQueryKey = queryKeys.channel;

const base = '/api/v4/channels';
const q = encodeURIComponent;

/** The site's channel calls: reads for anyone, changes for the owner (CSRF echoed). */
export const channelApi = {
  byPath: (path: string) => siteJson<ChannelObject>(`${base}/?slug=${q(path)}`),
  byId: (id: number) => siteJson<ChannelObject>(`${base}/${id}`),
  children: (id: number) => siteJson<ChannelObject[]>(`${base}/${id}/children/`),
  feed: (id: number, page: { offset: number; limit: number; tag?: string | undefined }) =>
    siteBody<FeedAnswer>(
      `${base}/${id}/feed/?limit=${page.limit}&offset=${page.offset}${page.tag ? `&tag=${q(page.tag)}` : ''}`,
    ),
  create: (body: { display_name: string; parent: number }) =>
    siteJson<ChannelObject>(`${base}/`, { method: 'POST', json: body }),
  /** Answers the channel and, after a type change, the magic-tag re-sync job (else null). */
  update: (id: number, body: ChannelChanges) =>
    siteBody<{ data: ChannelObject; flush_uuid: string | null }>(`${base}/${id}/`, {
      method: 'PATCH',
      json: body,
    }),
  remove: (id: number) => siteJson<unknown>(`${base}/${id}/`, { method: 'DELETE' }),
  move: (id: number, position: 'before' | 'after' | 'last', target: number) =>
    siteJson<ChannelObject>(`${base}/${id}/move/`, {
      method: 'POST',
      json: { position, target_channel: target },
    }),
  /** For each GIF (at most 50), the channels it is in that the caller may see. */
  channelsOf: (gif: string[]) =>
    siteJson<{ gif_id: string; channels: ChannelObject[] }[]>(
      `/api/v4/channel-gifs/?gif=${gif.map(q).join(',')}`,
    ),
  addGifs: (channel: number, gif: string[]) =>
    siteJson<{ added: string[] }>('/api/v4/channel-gifs/', {
      method: 'POST',
      json: { channel, gif },
    }),
  placeGif: (channel: number, gif: string, position: 'before' | 'after', target: string) =>
    siteJson<{ added: string[] }>('/api/v4/channel-gifs/', {
      method: 'POST',
      json: { channel, gif: [gif], position, target_gif: target },
    }),
  removeGif: (channel: number, gif: string) =>
    siteJson<{ removed: string[] }>('/api/v4/channel-gifs/remove/', {
      method: 'POST',
      json: { channel, gif: [gif] },
    }),
  addRankedTag: (channel: number, tag: string) =>
    siteJson<unknown>('/api/v4/channel-ranked-tags/', { method: 'POST', json: { channel, tag } }),
  /** Moves a ranked tag (a tab) to `rank`, 1 first. */
  rerankTag: (id: number, rank: number) =>
    siteJson<unknown>(`/api/v4/channel-ranked-tags/${id}/`, { method: 'PATCH', json: { rank } }),
  removeRankedTag: (id: number) =>
    siteJson<unknown>(`/api/v4/channel-ranked-tags/${id}/`, { method: 'DELETE' }),
  addMagicTag: (channel: number, tag: string) =>
    siteBody<{ flush_uuid: string }>('/api/v4/channel-magic-tags/', {
      method: 'POST',
      json: { channel, tag },
    }),
  removeMagicTag: (id: number) =>
    siteJson<unknown>(`/api/v4/channel-magic-tags/${id}/`, { method: 'DELETE' }),
  job: (job: string) =>
    siteJson<{ status: ChannelJobStatus }>(`${base}/retrieve-job/?job=${q(job)}`),
};

/**
 * A channel job's poll: asks up to `tries` times, `delayMs` apart, until the job is DONE or FAILED;
 * 'running' when it is neither by then (the page then says so rather than wait on).
 */
export async function pollJob(
  job: string,
  options: { tries?: number; delayMs?: number; ask?: typeof channelApi.job } = {},
): Promise<'DONE' | 'FAILED' | 'running'> {
  const { tries = 8, delayMs = 500, ask = channelApi.job } = options;
  for (let i = 0; i < tries; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const { status } = await ask(job);
    if (status === 'DONE' || status === 'FAILED') return status;
  }
  return 'running';
}
