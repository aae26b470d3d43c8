import type { RelatedTag } from '@jiffy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import { pathOfSource } from '../backdrop/backdrop-source.ts';
import { useExperiment } from '../labs/experiments.ts';
import { GifGrid } from '../components/GifGrid.tsx';
import { SearchSuggestions } from '../components/SearchSuggestions.tsx';
import { TagList } from '../components/TagList.tsx';
import { firstPageOf } from '../first-page/first-page.ts';
import { GRID_PAGE, listKeys, queryKeys, RELATED_TAGS } from '../first-page/first-page-data.ts';
import { siteJson } from '../api/site-fetch.ts';
import { searchPageName } from '@jiffy/contracts/page-titles';
import { usePageTitle } from '../shell/use-page-title.ts';

/**
 * `/search/:term`: GIFs or stickers (tabs), infinite scroll, and related tags; a search that
 * found nothing offers searches to try instead.
 */
export default function SearchPage() {
  const backdrops = useExperiment('backdrop');
  const term = useParams().term ?? '';
  const [query] = useSearchParams();
  const type = query.get('type') === 'stickers' ? 'stickers' : 'gifs';
  usePageTitle(
    searchPageName(term, type),
    `${searchPageName(term, type)}: find one to share, or upload your own.`,
  );
  const related = useQuery({
    queryKey: queryKeys.relatedTags(type, term),
    queryFn: () =>
      siteJson<RelatedTag[]>(
        `/ajax/tags/related/${type === 'gifs' ? 'gif' : 'sticker'}/${encodeURIComponent(term)}/?limit=${RELATED_TAGS}`,
      ),
    enabled: term.length > 0,
    staleTime: 60_000,
  });
  const base = `/search/${encodeURIComponent(term)}`;
  const listKey = listKeys.search(type, term);
  // How many GIFs the search's first page holds, once known: from the page the server wrote,
  // else from the grid's first fetch. Kept with its list, so a new search starts unknown.
  const [found, setFound] = useState(() => {
    const written = firstPageOf(listKey);
    return written ? { listKey, count: written.data.length } : undefined;
  });
  const count = found?.listKey === listKey ? found.count : undefined;
  return (
    <>
      <h1>{term}</h1>
      <nav className="tabs" aria-label="Kind of result">
        <Link to={base} aria-current={type === 'gifs' ? 'page' : undefined}>
          GIFs
        </Link>
        <Link to={`${base}?type=stickers`} aria-current={type === 'stickers' ? 'page' : undefined}>
          Stickers
        </Link>
      </nav>
      {/* A backdrop of nothing is no backdrop: offered once the search found GIFs. */}
      {backdrops && count ? (
        <p>
          <Link to={pathOfSource({ kind: 'search', term })}>Play as a backdrop</Link>
        </p>
      ) : null}
      <TagList tags={(related.data ?? []).map((t) => t.name)} label="Related searches" />
      <GifGrid
        listKey={listKey}
        noResultsMessage={`No ${type === 'gifs' ? 'GIFs' : 'stickers'} found for “${term}”.`}
        fetchGifs={(offset) => api.search(term, { type, offset, limit: GRID_PAGE })}
        onFirstPage={(count) => setFound({ listKey, count })}
      />
      {count === 0 ? <SearchSuggestions term={term} type={type} /> : null}
    </>
  );
}
