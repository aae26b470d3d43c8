import type { GifsResult } from '@jiffy/fetch-api';
import { Link } from 'react-router';
import { useSession } from '../account/use-session.ts';
import { siteBody } from '../api/site-fetch.ts';
import { GifGrid } from '../components/GifGrid.tsx';

/** One page of the signed-in user's favorites, newest first, in the public API's list shape. */
async function fetchFavorites(offset: number): Promise<GifsResult> {
  const body = await siteBody<Omit<GifsResult, 'meta'>>(
    `/api/v1/favorites?offset=${offset}&limit=25`,
  );
  return { ...body, meta: { status: 200, msg: 'OK', response_id: '' } };
}

/** `/favorites`: the GIFs the signed-in user keeps; anyone else is asked to log in. */
export default function FavoritesPage() {
  const session = useSession();
  if (session.isPending) return <p className="loading">Loading…</p>;
  if (!session.data?.logged_in)
    return (
      <section className="status-page">
        <h1>Favorites</h1>
        <p>
          <Link to="/login?next=/favorites">Log in</Link> to see the GIFs you keep.
        </p>
      </section>
    );
  return (
    <>
      <h1>Favorites</h1>
      <GifGrid
        listKey={`favorites:${session.data.user?.id}`}
        noResultsMessage="No favorites yet: press Favorite on a GIF's page to keep it here."
        fetchGifs={fetchFavorites}
      />
    </>
  );
}
