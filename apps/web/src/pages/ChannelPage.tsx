import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api } from '../api/client.ts';
import { GifGrid } from '../components/GifGrid.tsx';
import NotFoundPage from './NotFoundPage.tsx';

/** Any other first path segment (§2): a creator's channel, or a clean 404 for unknown names. */
export default function ChannelPage() {
  const username = useParams().channel ?? '';
  const channel = useQuery({
    queryKey: ['channel', username],
    queryFn: async () =>
      (await api.channels(username, { limit: 5 })).data.find(
        (c) => c.user.username.toLowerCase() === username.toLowerCase(),
      ) ?? null,
  });
  if (channel.isPending) return <p className="loading">Loading…</p>;
  if (!channel.data) return <NotFoundPage />;
  const { user } = channel.data;
  return (
    <>
      <header className="channel-header">
        {user.avatar_url ? <img src={user.avatar_url} alt="" width={80} height={80} /> : null}
        <div>
          <h1>
            {user.display_name || user.username}
            {user.is_verified ? (
              <span className="verified" role="img" aria-label="verified">
                ✓
              </span>
            ) : null}
          </h1>
          <p>@{user.username}</p>
          {user.description ? <p>{user.description}</p> : null}
        </div>
      </header>
      <GifGrid
        listKey={`channel:${user.username}`}
        noResultsMessage="No GIFs here yet."
        fetchGifs={(offset) => api.search(`@${user.username}`, { offset, limit: 25 })}
      />
    </>
  );
}
