import { ratings, type Rating } from '@jiffy/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '../account/FormField.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { sendFile, waitUntilProcessed } from '../upload/send-upload.ts';
import { TagsField } from './TagsField.tsx';
import type { TagSuggestion } from './tag-suggestions.ts';

type Phase = 'idle' | 'rendering' | 'uploading' | 'processing' | 'held' | 'failed';

const PHASE_TEXT: Record<Phase, string> = {
  idle: '',
  rendering: 'Making the GIF',
  uploading: 'Uploading',
  processing: 'Processing…',
  held: 'Uploaded; waiting for a moderator’s approval.',
  failed: 'Not uploaded.',
};

/** A file name from the title: what the upload keeps as its source's name. */
export function gifFileName(title: string): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${base || 'jiffy-maker'}.gif`;
}

/**
 * The last step: title, tags (with suggestions) and rating, then one button that renders the
 * GIF, uploads it through the normal upload call and opens its page once processed. Progress
 * is one bar: rendering, then sending, then processing (no value: the server does not say).
 */
export function PublishForm(props: {
  render: (onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<Blob>;
  suggest: () => Promise<TagSuggestion[]>;
  /** The form's heading and button: the maker numbers its steps. */
  heading?: string;
  submitLabel?: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [rating, setRating] = useState<Rating>('g');
  const [suggestions, setSuggestions] = useState<TagSuggestion[] | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState('');
  const stop = useRef(new AbortController());
  useEffect(() => {
    stop.current = new AbortController();
    return () => stop.current.abort();
  }, []);

  const suggest = async () => {
    setSuggesting(true);
    try {
      setSuggestions(await props.suggest());
      setError('');
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSuggesting(false);
    }
  };

  const publish = async () => {
    const signal = stop.current.signal;
    setError('');
    try {
      setPhase('rendering');
      setProgress(0);
      const gif = await props.render(setProgress, signal);
      setPhase('uploading');
      setProgress(0);
      const fields: Record<string, string> = { rating };
      if (title.trim()) fields.title = title.trim();
      if (tags.length) fields.tags = tags.join(',');
      const file = new File([gif], gifFileName(title), { type: 'image/gif' });
      const uploadId = await sendFile(file, fields, setProgress, signal);
      setPhase('processing');
      const status = await waitUntilProcessed(uploadId, signal);
      if (status.status === 'ready' && status.gif) void navigate(`/gifs/${status.gif.slug}`);
      else if (status.status === 'pending_review') setPhase('held');
      else if (!signal.aborted) {
        setPhase('failed');
        setError(status.error?.message || 'Processing failed.');
      }
    } catch (failure) {
      if (signal.aborted) return;
      setPhase('failed');
      setError((failure as Error).message);
    }
  };

  const busy = phase === 'rendering' || phase === 'uploading' || phase === 'processing';
  return (
    <form
      className="maker-panel"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void publish();
      }}
    >
      <h2 id={`${id}-title`}>{props.heading ?? '6. Tags and upload'}</h2>
      <FormField label="Title" name="title" value={title} onChange={setTitle} />
      <TagsField
        tags={tags}
        suggestions={suggestions}
        suggesting={suggesting}
        onChange={setTags}
        onSuggest={() => void suggest()}
      />
      <div className="form-field">
        <label htmlFor={`${id}-rating`}>Rating</label>
        <select
          id={`${id}-rating`}
          value={rating}
          onChange={(event) => setRating(event.target.value as Rating)}
        >
          {ratings.map((r) => (
            <option key={r} value={r}>
              {r.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {props.submitLabel ?? 'Make and upload GIF'}
      </button>
      {phase !== 'idle' && phase !== 'failed' ? (
        <div className="maker-progress" role="status">
          <span>
            {PHASE_TEXT[phase]}
            {phase === 'rendering' || phase === 'uploading'
              ? ` ${Math.round(progress * 100)}%`
              : ''}
          </span>
          {phase === 'held' ? null : (
            <progress
              aria-label={PHASE_TEXT[phase]}
              max={1}
              {...(phase === 'processing' ? {} : { value: progress })}
            />
          )}
        </div>
      ) : null}
      {error ? <ErrorMessage message={error} /> : null}
    </form>
  );
}
