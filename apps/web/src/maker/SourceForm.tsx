import { useId, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { isHttpUrl } from '../upload/upload-fields.ts';
import { CLIP_SECONDS, loadClip, type Clip } from './load-clip.ts';

/**
 * The maker's first step: a video, GIF or WebP from this device, or a link to one, and where
 * in it to start; the server trims up to CLIP_SECONDS from there into the working clip.
 */
export function SourceForm(props: { onClip: (clip: Clip) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [start, setStart] = useState('0');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    const link = url.trim();
    if (!file && !link) return setError('Choose a file or paste a link.');
    if (!file && !isHttpUrl(link)) return setError('A link starting with http:// or https://.');
    const from = Number(start);
    if (!Number.isFinite(from) || from < 0) return setError('Start at 0 seconds or later.');
    setBusy(true);
    setError('');
    try {
      props.onClip(await loadClip(file ?? link, from));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="maker-source"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>1. Choose a video, GIF or WebP</h2>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>From this device</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="video/*,image/gif,image/webp"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-url`}>Or a link to one</label>
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          placeholder="https://…"
          disabled={Boolean(file)}
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-start`}>Start at (seconds)</label>
        <input
          id={`${id}-start`}
          type="number"
          min={0}
          step={0.1}
          value={start}
          onChange={(event) => setStart(event.target.value)}
        />
        <p className="hint">The maker works on up to {CLIP_SECONDS} seconds from there.</p>
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Loading…' : 'Load clip'}
      </button>
      {error ? <ErrorMessage message={error} /> : null}
    </form>
  );
}
