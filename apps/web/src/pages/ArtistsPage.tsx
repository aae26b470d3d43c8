import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { artistsPage, type ArtistsFilter } from '../directory/directory-api.ts';
import { PersonCards } from '../directory/PersonCards.tsx';
import { StoryCards } from '../stories/StoryCard.tsx';
import { partnerArtistStories } from '../stories/story-api.ts';
import '../stories/stories.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/**
 * `/artists`: the directory of the instance's creators (find by name, sort, only those taking
 * freelance work, a page at a time), then verified artists' recent stories. The filter lives in
 * the URL, so a narrowed directory can be shared and survives a reload.
 */
export default function ArtistsPage() {
  usePageTitle('Artists');
  const [params, setParams] = useSearchParams();
  const query: ArtistsFilter = {
    filter: params.get('filter') ?? '',
    freelance: params.get('freelance') === 'true',
    sort: params.get('sort') === 'username' ? 'username' : 'updatetime',
  };
  const change = (next: Partial<ArtistsFilter>) => {
    const merged = { ...query, ...next };
    const search = new URLSearchParams();
    if (merged.filter) search.set('filter', merged.filter);
    if (merged.freelance) search.set('freelance', 'true');
    if (merged.sort === 'username') search.set('sort', 'username');
    setParams(search, { replace: true });
  };
  const ids = { filter: useId(), sort: useId() };
  const artists = useInfiniteQuery({
    queryKey: ['artists', query],
    queryFn: ({ pageParam }) => artistsPage(query, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const stories = useQuery({
    queryKey: ['partner-artist-stories'],
    queryFn: () => partnerArtistStories(24),
  });
  const people = artists.data?.pages.flatMap((page) => page.people) ?? [];
  return (
    <section className="artists-page">
      <h1>Artists</h1>
      <form
        className="directory-filters"
        role="search"
        aria-label="Artist filters"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="form-field">
          <label htmlFor={ids.filter}>Find an artist</label>
          <input
            id={ids.filter}
            type="search"
            maxLength={50}
            value={query.filter}
            onChange={(event) => change({ filter: event.target.value })}
          />
        </div>
        <div className="form-field">
          <label htmlFor={ids.sort}>Sort by</label>
          <select
            id={ids.sort}
            value={query.sort}
            onChange={(event) => change({ sort: event.target.value as ArtistsFilter['sort'] })}
          >
            <option value="updatetime">Recently active</option>
            <option value="username">Name</option>
          </select>
        </div>
        <label className="check-field">
          <input
            type="checkbox"
            checked={query.freelance}
            onChange={(event) => change({ freelance: event.target.checked })}
          />
          Freelance only
        </label>
      </form>
      {artists.error ? <ErrorMessage message={artists.error.message} /> : null}
      {artists.isSuccess ? (
        <p role="status">
          {artists.data.pages[0]!.total === 1
            ? '1 artist'
            : `${artists.data.pages[0]!.total} artists`}
        </p>
      ) : null}
      <PersonCards people={people} label="Artists" />
      {artists.hasNextPage ? (
        <button
          type="button"
          onClick={() => void artists.fetchNextPage()}
          disabled={artists.isFetchingNextPage}
        >
          More artists
        </button>
      ) : null}
      <h2 id="artist-stories">Artists’ recent stories</h2>
      {stories.isPending ? <p className="loading">Loading…</p> : null}
      {stories.error ? <ErrorMessage message={stories.error.message} /> : null}
      {stories.data?.length === 0 ? <p>No stories by artists yet.</p> : null}
      {stories.data ? <StoryCards label="Artists’ recent stories" stories={stories.data} /> : null}
    </section>
  );
}
