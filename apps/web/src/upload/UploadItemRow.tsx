import { useEffect, useState } from 'react';
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

/** A `blob:` URL for `file` while the component shows it, given back to the browser after. */
function useObjectUrl(file: File): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * The chosen file as it will look, before it is sent: a picture for a GIF, sticker or image, a
 * muted loop for a video (as the site plays clips in a grid). A file the browser cannot show
 * (not media, or not what its name says) says so instead.
 */
function FilePreview({ file }: { file: File }) {
  const url = useObjectUrl(file);
  const [broken, setBroken] = useState(false);
  const kind = file.type.split('/')[0];
  if (broken || (kind !== 'image' && kind !== 'video'))
    return <span className="upload-preview upload-no-preview">No preview</span>;
  if (!url) return <span className="upload-preview" />;
  return kind === 'video' ? (
    <video
      className="upload-preview"
      src={url}
      muted
      loop
      autoPlay
      playsInline
      aria-label={`Preview of ${file.name}`}
      onError={() => setBroken(true)}
    />
  ) : (
    <img
      className="upload-preview"
      src={url}
      alt={`Preview of ${file.name}`}
      onError={() => setBroken(true)}
    />
  );
}

/**
 * One chosen file or link: its preview, name, and a progress bar through sending and
 * processing (no value while processing: the server does not say how far it is), or why it
 * failed. Once the server has it, it leaves this list for the uploaded ones.
 */
export function UploadItemRow(props: { item: UploadItem; onRemove: (key: number) => void }) {
  const { item } = props;
  return (
    <li className={`upload-item upload-${item.phase}`}>
      {typeof item.source === 'string' ? null : <FilePreview file={item.source} />}
      <div className="upload-item-body">
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
      </div>
    </li>
  );
}
