import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/client.ts';
import { firstPageOnly } from '../components/first-page-only.ts';
import { GifGrid } from '../components/GifGrid.tsx';

/** `/`: trending searches, trending stickers and the trending GIFs (infinite masonry). */
export default function HomePage() {
  const [stickers] = useState(() =>
    firstPageOnly(() => api.trending({ type: 'stickers', limit: 8 })),
  );
  const searches = useQuery({
    queryKey: ['trending-searches'],
    queryFn: async () => (await api.trendingSearches()).data,
    staleTime: 60_000,
  });
  return (
    <>
      <h1 className="visually-hidden">Jiffy: trending GIFs and stickers</h1>
      {searches.data?.length ? (
        <section aria-labelledby="trending-searches">
          <h2 id="trending-searches">Trending searches</h2>
          <ul className="pills">
            {searches.data.slice(0, 12).map((term) => (
              <li key={term}>
                <Link to={`/search/${encodeURIComponent(term)}`}>{term}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="trending-stickers">
        <h2 id="trending-stickers">
          <Link to="/stickers">Trending stickers</Link>
        </h2>
        <GifGrid listKey="home-stickers" fetchGifs={stickers} />
      </section>
      <section aria-labelledby="trending-gifs">
        <h2 id="trending-gifs">
          <Link to="/trending-gifs">Trending GIFs</Link>
        </h2>
        <GifGrid listKey="home-gifs" fetchGifs={(offset) => api.trending({ offset, limit: 25 })} />
      </section>
    </>
  );
}
