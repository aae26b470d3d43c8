import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { siteBody, siteJson } from '../api/site-fetch.ts';

/** One of the signed-in user's GIFs, as `GET /api/v1/users/me/gifs` lists it. */
export interface OwnGif {
  id: string;
  title: string;
  tags: string[];
  alt_text: string;
  source_post_url: string | null;
  rating: string;
  is_sticker: boolean;
  lang: string;
  visibility: string;
  type: string;
  status: string;
  width: number;
  height: number;
  created_at: string | null;
  preview_url: string | null;
}

/** The fields `POST /ajax/gif/update` answers with. */
export type EditableFields = Pick<
  OwnGif,
  | 'id'
  | 'title'
  | 'tags'
  | 'alt_text'
  | 'source_post_url'
  | 'rating'
  | 'is_sticker'
  | 'lang'
  | 'visibility'
>;

interface OwnGifsPage {
  data: OwnGif[];
  pagination: { count: number; next_cursor: string | null };
}

export type OwnGifsData = InfiniteData<OwnGifsPage, unknown>;

export const OWN_GIFS = ['own-gifs'] as const;

/** The user's own GIFs, 100 a page, newest first. */
export function useOwnGifs() {
  return useInfiniteQuery({
    queryKey: OWN_GIFS,
    queryFn: ({ pageParam }) =>
      siteBody<OwnGifsPage>(`/api/v1/users/me/gifs?limit=100&cursor=${String(pageParam)}`),
    initialPageParam: '0',
    getNextPageParam: (last) => last.pagination.next_cursor ?? undefined,
  });
}

/** Every GIF loaded so far, in order. */
export const allOwnGifs = (data: OwnGifsData | undefined): OwnGif[] =>
  data?.pages.flatMap((page) => page.data) ?? [];

/** Replaces (or, with null, drops) the listed GIF `id` in the cached list. */
export function setOwnGif(client: QueryClient, id: string, gif: OwnGif | null): void {
  client.setQueryData<OwnGifsData>(OWN_GIFS, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.flatMap((one) => (one.id !== id ? [one] : gif ? [gif] : [])),
          })),
        }
      : data,
  );
}

/** Puts back a GIF that was dropped from the list, at its old place when it is known. */
export function restoreOwnGif(client: QueryClient, gif: OwnGif, index: number): void {
  client.setQueryData<OwnGifsData>(OWN_GIFS, (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    const list = [...first!.data];
    list.splice(Math.min(index, list.length), 0, gif);
    return { ...data, pages: [{ ...first!, data: list }, ...rest] };
  });
}

/** Sets one field of one GIF; the server's answer holds every editable field after it. */
export const updateGifField = (id: string, key: string, value: unknown) =>
  siteJson<EditableFields>('/ajax/gif/update', {
    method: 'POST',
    json: { gif_id: id, key, value },
  });

/** Deletes one GIF for good (`DELETE /api/v1/gifs/:id`). */
export const deleteGif = (id: string) =>
  siteBody<unknown>(`/api/v1/gifs/${id}`, { method: 'DELETE' });
