import { gifAltText } from '@jiffy/contracts/alt-text';
import { Link } from 'react-router';
import type { StaffGif } from './staff-search-api.ts';

/** A found GIF's picture: only a ready GIF's media is served, so the others show their status. */
function Thumbnail({ gif }: { gif: StaffGif }) {
  const still = gif.images.fixed_height_small_still ?? gif.images.fixed_height_still;
  if (gif.moderation.status !== 'ready' || !still?.url)
    return (
      <span className="staff-thumb placeholder">{gif.moderation.status.replace('_', ' ')}</span>
    );
  return <img className="staff-thumb" src={still.url} alt={gifAltText(gif)} loading="lazy" />;
}

/** The finds as a table: what a moderator scans before opening one. */
export function StaffSearchResults({ results }: { results: StaffGif[] }) {
  return (
    <table className="staff-results">
      <thead>
        <tr>
          <th scope="col">GIF</th>
          <th scope="col">Title</th>
          <th scope="col">Status</th>
          <th scope="col">Uploader</th>
          <th scope="col">Reports</th>
          <th scope="col">Flags</th>
          <th scope="col">Uploaded</th>
        </tr>
      </thead>
      <tbody>
        {results.map((gif) => {
          const m = gif.moderation;
          return (
            <tr key={gif.id}>
              <td>
                <Thumbnail gif={gif} />
              </td>
              <td>
                {m.status === 'ready' ? (
                  <Link to={`/gifs/${gif.slug}`}>{gif.title || gif.id}</Link>
                ) : (
                  gif.title || gif.id
                )}{' '}
                <code>{gif.id}</code>
              </td>
              <td>
                {m.status.replace('_', ' ')}
                {m.failure_code ? ` (${m.failure_code})` : ''} · {m.rating}
                {m.is_sticker ? ' · sticker' : ''}
              </td>
              <td>{m.uploader_username ? `@${m.uploader_username}` : '—'}</td>
              <td>
                {m.reports.open} open / {m.reports.total}
              </td>
              <td>
                {m.flags.open} open / {m.flags.total}
              </td>
              <td>{new Date(m.created_at).toISOString().slice(0, 10)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
