import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api/client.ts';
import { queryKeys } from '../first-page/first-page-data.ts';

/** The instance's trending searches as links to their results (nothing while there are none). */
export function TrendingSearches({ max = 12 }: { max?: number }) {
  const searches = useQuery({
    queryKey: queryKeys.trendingSearches,
    queryFn: async () => (await api.trendingSearches()).data,
    staleTime: 60_000,
  });
  if (!searches.data?.length) return null;
  return (
    <section aria-labelledby="trending-searches">
      <h2 id="trending-searches">Trending searches</h2>
      <ul className="pills">
        {searches.data.slice(0, max).map((term) => (
          <li key={term}>
            <Link to={`/search/${encodeURIComponent(term)}`}>{term}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
