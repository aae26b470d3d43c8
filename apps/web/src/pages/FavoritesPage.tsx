import type { GifsResult } from '@jiffy/fetch-api';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import { siteBody } from '../api/site-fetch.ts';
import { GifGrid } from '../components/GifGrid.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** One page of the signed-in user's favorites, newest first, in the public API's list shape. */
async function fetchFavorites(offset: number): Promise<GifsResult> {
  const body = await siteBody<Omit<GifsResult, 'meta'>>(
    `/api/v1/favorites?offset=${offset}&limit=25`,
  );
  return { ...body, meta: { status: 200, msg: 'OK', response_id: '' } };
}

/** `/favorites`: the GIFs the signed-in user keeps; anyone else is asked to log in. */
export default function FavoritesPage() {
  usePageTitle('Favorites');
  return (
    <RequireSignIn title="Favorites" purpose="to see the GIFs you keep">
      {(user) => (
        <>
          <h1>Favorites</h1>
          <GifGrid
            listKey={`favorites:${user.id}`}
            noResultsMessage="No favorites yet: press Favorite on a GIF's page to keep it here."
            fetchGifs={fetchFavorites}
          />
        </>
      )}
    </RequireSignIn>
  );
}
