import type { RelatedTag } from '@jiffy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import { pathOfSource } from '../backdrop/backdrop-source.ts';
import { useExperiment } from '../labs/experiments.ts';
import { GifGrid } from '../components/GifGrid.tsx';
import { TagList } from '../components/TagList.tsx';
import { GRID_PAGE, listKeys, queryKeys, RELATED_TAGS } from '../first-page/first-page-data.ts';
import { siteJson } from '../api/site-fetch.ts';
import { searchPageName } from '@jiffy/contracts/page-titles';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/search/:term`: GIFs or stickers (tabs), infinite scroll, and related tags. */
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
      {backdrops ? (
        <p>
          <Link to={pathOfSource({ kind: 'search', term })}>Play as a backdrop</Link>
        </p>
      ) : null}
      <TagList tags={(related.data ?? []).map((t) => t.name)} label="Related searches" />
      <GifGrid
        listKey={listKeys.search(type, term)}
        noResultsMessage={`No ${type === 'gifs' ? 'GIFs' : 'stickers'} found for “${term}”.`}
        fetchGifs={(offset) => api.search(term, { type, offset, limit: GRID_PAGE })}
      />
    </>
  );
}
