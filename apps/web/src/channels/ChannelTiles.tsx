import type { ChannelObject } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Channels as tiles (featured GIF and name) linking to their pages; `after` adds to a tile. */
export function ChannelTiles({
  channels,
  label,
  after,
}: {
  channels: ChannelObject[];
  label: string;
  after?: (channel: ChannelObject) => ReactNode;
}) {
  if (channels.length === 0) return null;
  return (
    <ul className="channel-tiles" aria-label={label}>
      {channels.map((channel) => (
        <li key={channel.id}>
          <Link to={`/${channel.path}`}>
            {channel.featured_gif?.images.fixed_width?.url ? (
              <img
                src={channel.featured_gif.images.fixed_width.url}
                alt={gifAltText(channel.featured_gif)}
              />
            ) : null}
            <span>{channel.display_name}</span>
            {channel.is_visible ? null : <span className="badge">Hidden</span>}
          </Link>
          {after?.(channel)}
        </li>
      ))}
    </ul>
  );
}
