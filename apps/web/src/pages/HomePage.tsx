import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/client.ts';
import { firstPageOnly } from '../components/first-page-only.ts';
import { GRID_PAGE, HOME_STICKERS, listKeys } from '../first-page/first-page-data.ts';
import { GifGrid } from '../components/GifGrid.tsx';
import { TrendingSearches } from '../components/TrendingSearches.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/`: trending searches, trending stickers and the trending GIFs (infinite masonry). */
export default function HomePage() {
  usePageTitle(undefined);
  const [stickers] = useState(() =>
    firstPageOnly(() => api.trending({ type: 'stickers', limit: HOME_STICKERS })),
  );
  return (
    <>
      <h1 className="visually-hidden">Jiffy: trending GIFs and stickers</h1>
      <TrendingSearches />
      <section aria-labelledby="trending-stickers">
        <h2 id="trending-stickers">
          <Link to="/stickers">Trending stickers</Link>
        </h2>
        <GifGrid listKey={listKeys.homeStickers} fetchGifs={stickers} onePage />
      </section>
      <section aria-labelledby="trending-gifs">
        <h2 id="trending-gifs">
          <Link to="/trending-gifs">Trending GIFs</Link>
        </h2>
        <GifGrid
          listKey={listKeys.homeGifs}
          fetchGifs={(offset) => api.trending({ offset, limit: GRID_PAGE })}
        />
      </section>
    </>
  );
}
