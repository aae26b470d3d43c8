import type { ChannelObject } from '@jiffy/contracts';
import { Link } from 'react-router';
import { ChannelPictures } from './ChannelPictures.tsx';

/**
 * A channel's title block: its owner for a root channel, else its name and breadcrumbs; its
 * banner above and its featured GIF beside when set, and "Hidden" when only its managers see it.
 */
export function ChannelHeader({ channel }: { channel: ChannelObject }) {
  const { user } = channel;
  if (channel.is_root)
    return (
      <ChannelPictures channel={channel}>
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
      </ChannelPictures>
    );
  return (
    <ChannelPictures channel={channel}>
      <div>
        <nav aria-label="Breadcrumbs" className="breadcrumbs">
          {channel.ancestors.map((a) => (
            <span key={a.id}>
              <Link to={`/${a.path}`}>{a.display_name}</Link> ›{' '}
            </span>
          ))}
        </nav>
        <h1>
          {channel.display_name}
          {channel.is_visible ? null : <span className="badge">Hidden</span>}
        </h1>
        {channel.description ? <p>{channel.description}</p> : null}
      </div>
    </ChannelPictures>
  );
}
