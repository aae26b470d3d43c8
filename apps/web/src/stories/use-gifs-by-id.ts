import type { Gif } from '@jiffy/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** The public API's `gifs?ids=` takes at most this many ids. */
const IDS_PER_CALL = 100;
const NONE: ReadonlyMap<string, Gif> = new Map();

/**
 * The GIF objects of `ids`, by id, for lists that hold only ids (the trending schedule and its
 * activity): what a person recognises a GIF by is its picture and title. An id the public API
 * does not answer (taken down, deleted) is left out, so callers fall back to the id.
 */
export function useGifsById(ids: readonly string[]): ReadonlyMap<string, Gif> {
  const unique = [...new Set(ids)].toSorted();
  const query = useQuery({
    queryKey: ['gifs-by-id', unique],
    queryFn: async () => {
      const calls = [];
      for (let i = 0; i < unique.length; i += IDS_PER_CALL)
        calls.push(api.gifs(unique.slice(i, i + IDS_PER_CALL)));
      const answers = await Promise.all(calls);
      return new Map(answers.flatMap((answer) => answer.data).map((gif) => [gif.id, gif]));
    },
    enabled: unique.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  return query.data ?? NONE;
}
