import { useLocation } from 'react-router';
import { api } from '../api/client.ts';
import { listKeys } from '../first-page/first-page-data.ts';
import { GifGrid } from '../components/GifGrid.tsx';
import { trendingPageName } from '@jiffy/contracts/page-titles';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/gifs`, `/trending-gifs` and `/stickers`: what is trending now, to the end of the list. */
export default function TrendingPage() {
  const stickers = useLocation().pathname.startsWith('/stickers');
  const type = stickers ? 'stickers' : 'gifs';
  usePageTitle(trendingPageName(type));
  return (
    <>
      <h1>{trendingPageName(type)}</h1>
      <GifGrid
        listKey={listKeys.trending(type)}
        fetchGifs={(offset) => api.trending({ type, offset, limit: 25 })}
      />
    </>
  );
}
