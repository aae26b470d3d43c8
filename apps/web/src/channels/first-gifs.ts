import { useQuery } from '@tanstack/react-query';
import { channelApi } from './channel-api.ts';

/**
 * How many of a channel's first GIFs the owner's tools list (arranging, picking the featured
 * or banner GIF): the ones a visitor sees first, in one feed page.
 */
export const FIRST_GIFS = 50;

/** The query key of a channel's first GIFs: invalidate it after changing them. */
export const firstGifsKey = (channelId: number) => ['channel-first-gifs', channelId];

/** The channel's first GIFs in its order, read once something shows them (`enabled`). */
export function useFirstGifs(channelId: number, enabled: boolean) {
  return useQuery({
    queryKey: firstGifsKey(channelId),
    queryFn: async () => (await channelApi.feed(channelId, { offset: 0, limit: FIRST_GIFS })).data,
    enabled,
  });
}
