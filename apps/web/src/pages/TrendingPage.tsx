import { useLocation } from 'react-router';
import { api } from '../api/client.ts';
import { GifGrid } from '../components/GifGrid.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/gifs`, `/trending-gifs` and `/stickers`: what is trending now, to the end of the list. */
export default function TrendingPage() {
  const stickers = useLocation().pathname.startsWith('/stickers');
  const type = stickers ? 'stickers' : 'gifs';
  usePageTitle(stickers ? 'Trending stickers' : 'Trending GIFs');
  return (
    <>
      <h1>{stickers ? 'Trending stickers' : 'Trending GIFs'}</h1>
      <GifGrid
        listKey={`trending:${type}`}
        fetchGifs={(offset) => api.trending({ type, offset, limit: 25 })}
      />
    </>
  );
}
