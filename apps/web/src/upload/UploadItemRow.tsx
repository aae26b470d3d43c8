import { Link } from 'react-router';
import type { UploadItem } from './use-upload-queue.ts';

function phaseText(item: UploadItem): string {
  switch (item.phase) {
    case 'queued':
      return 'Waiting to upload';
    case 'uploading':
      return typeof item.source === 'string'
        ? 'Sending link…'
        : `Uploading ${Math.round(item.sent * 100)}%`;
    case 'processing':
      return 'Processing…';
    case 'held':
      return 'Waiting for a moderator’s approval';
    case 'ready':
      return 'Ready';
    case 'failed':
      return 'Not uploaded';
  }
}

/**
 * One file or link: its name, a progress bar through sending and processing (no value while
 * processing: the server does not say how far it is), then its page, or why it failed.
 */
export function UploadItemRow(props: { item: UploadItem; onRemove: (key: number) => void }) {
  const { item } = props;
  const preview = item.gif?.images.fixed_width_small_still ?? item.gif?.images.fixed_width_still;
  return (
    <li className={`upload-item upload-${item.phase}`}>
      <div className="upload-item-head">
        <span className="upload-name">{item.label}</span>
        <span className="upload-phase">{phaseText(item)}</span>
        {item.phase === 'queued' || item.phase === 'failed' ? (
          <button
            type="button"
            className="link-button"
            aria-label={`Remove ${item.label}`}
            onClick={() => props.onRemove(item.key)}
          >
            Remove
          </button>
        ) : null}
      </div>
      {item.phase === 'failed' ? null : (
        <progress
          aria-label={`${item.label}: ${phaseText(item)}`}
          max={1}
          {...(item.phase === 'processing'
            ? {}
            : { value: item.phase === 'ready' || item.phase === 'held' ? 1 : item.sent })}
        />
      )}
      {item.error ? (
        <p className="error" role="alert">
          {item.error}
        </p>
      ) : null}
      {item.phase === 'ready' && item.gif ? (
        <Link className="upload-result" to={`/gifs/${item.gif.slug}`}>
          {preview ? (
            <img
              src={preview.url}
              width={Number(preview.width)}
              height={Number(preview.height)}
              alt=""
            />
          ) : null}
          Open “{item.gif.title || 'Untitled'}”
        </Link>
      ) : null}
    </li>
  );
}
