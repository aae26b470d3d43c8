import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ClipCard } from '../clips/ClipCard.tsx';
import { clipsPage, nextClipsOffset } from '../clips/clips-api.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { useWidth } from '../components/use-width.ts';
import '../clips/clips.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/**
 * `/clips`: GIFs with sound (GIPHY's videos) in a feed, trending first, or those matching the
 * search (kept in the URL as `?q=`, so a search can be shared), a page at a time.
 */
export default function ClipsPage() {
  const [params, setParams] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  usePageTitle(term ? `${term} clips` : 'Trending clips');
  const [draft, setDraft] = useState(term);
  const inputId = useId();
  const [feedRef, feedWidth] = useWidth<HTMLDivElement>();
  const clips = useInfiniteQuery({
    queryKey: ['clips', term],
    queryFn: ({ pageParam }) => clipsPage(term, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextClipsOffset,
  });
  const list = clips.data?.pages.flatMap((page) => page.data) ?? [];
  const search = (event: React.FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setParams(next ? { q: next } : {});
  };
  return (
    <section className="clips-page">
      <h1>{term ? `Clips: ${term}` : 'Trending clips'}</h1>
      <form className="clips-search" role="search" aria-label="Clips" onSubmit={search}>
        <label className="visually-hidden" htmlFor={inputId}>
          Search clips
        </label>
        <input
          id={inputId}
          type="search"
          maxLength={50}
          placeholder="Search clips"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit">Search</button>
      </form>
      {clips.isPending ? <p className="loading">Loading…</p> : null}
      {clips.error ? <ErrorMessage message={clips.error.message} /> : null}
      {clips.isSuccess && list.length === 0 ? (
        <p>{term ? `No clips found for “${term}”.` : 'No clips yet.'}</p>
      ) : null}
      <div ref={feedRef}>
        {/* Players take the feed's width: all of a phone's, at most 720 px (clips.css). */}
        {feedWidth > 0 && list.length > 0 ? (
          <ul className="clip-feed" aria-label="Clips">
            {list.map((clip) => (
              <li key={clip.id}>
                <ClipCard clip={clip} width={feedWidth} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {clips.hasNextPage ? (
        <button
          type="button"
          className="clips-more"
          onClick={() => void clips.fetchNextPage()}
          disabled={clips.isFetchingNextPage}
        >
          {clips.isFetchingNextPage ? 'Loading…' : 'More clips'}
        </button>
      ) : null}
    </section>
  );
}
