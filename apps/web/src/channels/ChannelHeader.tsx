import type { ChannelObject } from '@jiffy/contracts';
import { Link } from 'react-router';

/** A channel's title block: its owner for a root channel, else its name and breadcrumbs. */
export function ChannelHeader({ channel }: { channel: ChannelObject }) {
  const { user } = channel;
  if (channel.is_root)
    return (
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
    );
  return (
    <header className="channel-header">
      <div>
        <nav aria-label="Breadcrumbs" className="breadcrumbs">
          {channel.ancestors.map((a) => (
            <span key={a.id}>
              <Link to={`/${a.path}`}>{a.display_name}</Link> ›{' '}
            </span>
          ))}
        </nav>
        <h1>{channel.display_name}</h1>
        {channel.description ? <p>{channel.description}</p> : null}
      </div>
    </header>
  );
}
