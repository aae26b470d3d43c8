import type { QueueGif } from './moderation-api.ts';
import { AuditEntryLine } from './AuditEntryLine.tsx';

const kb = (bytes: number | null) => (bytes === null ? '?' : `${Math.round(bytes / 1024)} KB`);

/** A queued GIF's metadata and its recent history. */
export function GifFacts({ gif }: { gif: QueueGif }) {
  const m = gif.moderation;
  return (
    <div className="gif-facts">
      <p className="gif-facts-title">
        <a href={`/gifs/${gif.id}`}>{gif.title || gif.id}</a> · {m.status} · rated{' '}
        <strong>{m.rating}</strong> · {m.is_sticker ? 'sticker' : 'not a sticker'}
      </p>
      <p>
        {m.width}×{m.height} · {m.frames} frames · {((m.duration_ms ?? 0) / 1000).toFixed(1)} s ·{' '}
        {kb(m.original_bytes)} · {m.source_format} · by{' '}
        {gif.username ? `@${gif.username}` : (m.uploader_user_id ?? 'nobody')}
        {m.tags.length ? ` · tags: ${m.tags.join(', ')}` : ''}
      </p>
      {m.history.length ? (
        <details>
          <summary>History ({m.history.length})</summary>
          <ul>
            {m.history.map((entry) => (
              <li key={entry.id}>
                <AuditEntryLine entry={entry} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
