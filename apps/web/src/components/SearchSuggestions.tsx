import type { SearchSuggestions as Suggestions } from '@jiffy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { siteJson } from '../api/site-fetch.ts';
import { queryKeys } from '../first-page/first-page-data.ts';

/**
 * Under a search that found nothing: searches to try instead (tags spelled like the term, then
 * popular searches), and uploading one. The server writes the same markup into such a page
 * (first-gifs-markup.ts), and the page's data carries the answer, so the site starts from it.
 */
export function SearchSuggestions({ term, type }: { term: string; type: 'gifs' | 'stickers' }) {
  const suggestions = useQuery({
    queryKey: queryKeys.searchSuggestions(type, term),
    queryFn: () =>
      siteJson<Suggestions>(
        `/ajax/search-suggestions/${type === 'gifs' ? 'gif' : 'sticker'}/${encodeURIComponent(term)}/`,
      ),
    enabled: term.trim().length > 0,
    staleTime: 60_000,
  });
  if (!suggestions.data) return null;
  const { similar, popular } = suggestions.data;
  return (
    <section className="search-suggestions" aria-labelledby="search-suggestions">
      <h2 id="search-suggestions">Try another search</h2>
      <Terms id="similar-searches" heading="Did you mean" terms={similar} />
      <Terms id="popular-searches" heading="Popular searches" terms={popular} />
      <p>
        Have one? <Link to="/upload">Upload it</Link> so others find it too.
      </p>
    </section>
  );
}

function Terms({ id, heading, terms }: { id: string; heading: string; terms: string[] }) {
  if (terms.length === 0) return null;
  return (
    <>
      <h3 id={id}>{heading}</h3>
      <ul className="pills" aria-labelledby={id}>
        {terms.map((term) => (
          <li key={term}>
            <Link to={`/search/${encodeURIComponent(term)}`}>{term}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
