import { Link } from 'react-router';
import { api } from '../api/client.ts';
import { GifRow } from '../components/GifRow.tsx';
import { GRID_PAGE, HOME_STICKERS, listKeys } from '../first-page/first-page-data.ts';
import { GifGrid } from '../components/GifGrid.tsx';
import { TrendingSearches } from '../components/TrendingSearches.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/**
 * `/`: trending searches, trending stickers (a row only when there are some) and the trending
 * GIFs (infinite masonry).
 */
export default function HomePage() {
  usePageTitle(undefined);
  return (
    <>
      <h1 className="visually-hidden">Jiffy: trending GIFs and stickers</h1>
      <TrendingSearches />
      <GifRow
        id="trending-stickers"
        heading={<Link to="/stickers">Trending stickers</Link>}
        listKey={listKeys.homeStickers}
        fetchFirst={() => api.trending({ type: 'stickers', limit: HOME_STICKERS })}
      />
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
