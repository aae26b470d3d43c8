import { useInfiniteQuery } from '@tanstack/react-query';
import { listStories, type Story } from './story-api.ts';

/** A list of stories newest first, a page at a time through the signed `next_cursor`. */
export function useStoryList(query: { username?: string; unpublished?: boolean; staff?: boolean }) {
  const list = useInfiniteQuery({
    queryKey: ['stories', query],
    queryFn: ({ pageParam }) =>
      listStories({
        username: query.username,
        fetch_unpublished: query.unpublished || undefined,
        by_staff: query.staff || undefined,
        limit: 24,
        next_cursor: pageParam || undefined,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const stories: Story[] = list.data?.pages.flatMap((page) => page.data) ?? [];
  return { list, stories };
}
