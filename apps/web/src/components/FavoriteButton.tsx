import type { Gif } from '@jiffy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { sitePath } from './GifGrid.tsx';

/**
 * Favorite / Favorited: shows whether the signed-in user keeps this GIF and toggles it. Anyone
 * not signed in is sent to log in and brought back.
 */
export function FavoriteButton({ gif }: { gif: Gif }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const signedIn = session.data?.logged_in === true;
  const key = ['favorite', session.data?.user?.id, gif.id];
  const state = useQuery({
    queryKey: key,
    queryFn: () => siteJson<{ favorite: boolean }>(`/api/v1/favorites/${gif.id}`),
    enabled: signedIn,
  });
  const favorite = state.data?.favorite === true;
  const toggle = useMutation({
    mutationFn: () =>
      favorite
        ? siteJson<{ favorite: boolean }>(`/api/v1/favorites/${gif.id}`, { method: 'DELETE' })
        : siteJson<{ favorite: boolean }>('/api/v1/favorites', {
            method: 'POST',
            json: { gif_id: gif.id },
          }),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
  return (
    <>
      <button
        type="button"
        className="primary"
        aria-pressed={favorite}
        disabled={signedIn && (state.isPending || toggle.isPending)}
        onClick={() => {
          if (signedIn) toggle.mutate();
          else void navigate(`/login?next=${encodeURIComponent(sitePath(gif.url))}`);
        }}
      >
        {favorite ? 'Favorited' : 'Favorite'}
      </button>
      {toggle.error ? <ErrorMessage message={toggle.error.message} /> : null}
    </>
  );
}
