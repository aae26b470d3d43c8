import type { Gif } from '@jiffy/contracts';
import { useEffect, useId, useState } from 'react';
import { reportEmbeddedFeed } from '../analytics/page-views.ts';
import { api } from '../api/client.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';

const LIMIT = 18;

/** The picture a sticker is drawn from: its animated WebP, else its GIF. */
export function stickerImageUrl(gif: Gif): string {
  const image = gif.images.fixed_width ?? gif.images.original;
  return image?.webp || image?.url || '';
}

/**
 * Trending stickers, or a search for some; choosing one adds it to the picture. Each list
 * counts as a view of the virtual pages under `/create/gifmaker/decorate/stickers/`.
 */
export function StickerPicker(props: {
  onPick: (gif: Gif) => void;
  busy: boolean;
  /** The panel's heading: the maker numbers its steps. */
  heading?: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Gif[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const stop = new AbortController();
    const query = term
      ? api.search(term, { type: 'stickers', limit: LIMIT, signal: stop.signal })
      : api.trending({ type: 'stickers', limit: LIMIT, signal: stop.signal });
    setResults(null);
    query
      .then((answer) => {
        setResults(answer.data);
        setError('');
        reportEmbeddedFeed(
          term
            ? `/v1/stickers/search?q=${encodeURIComponent(term)}&limit=${LIMIT}`
            : `/v1/stickers/trending?limit=${LIMIT}`,
        );
      })
      .catch((failure: Error) => {
        if (!stop.signal.aborted) setError(failure.message);
      });
    return () => stop.abort();
  }, [term]);

  return (
    <section className="maker-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.heading ?? '5. Stickers'}</h2>
      <form
        role="search"
        className="maker-row"
        onSubmit={(event) => {
          event.preventDefault();
          setTerm(typed.trim());
        }}
      >
        <div className="form-field">
          <label htmlFor={`${id}-q`}>Search stickers</label>
          <input
            id={`${id}-q`}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className="secondary">
          Find stickers
        </button>
      </form>
      <h3>{term ? `Stickers for “${term}”` : 'Trending stickers'}</h3>
      {error ? <ErrorMessage message={error} /> : null}
      {results === null && !error ? <p className="loading">Loading…</p> : null}
      {results?.length === 0 ? <p>No stickers found.</p> : null}
      <ul className="sticker-results">
        {results?.map((gif) => {
          const still = gif.images.fixed_width_small_still ?? gif.images.fixed_width_still;
          return (
            <li key={gif.id}>
              <button
                type="button"
                disabled={props.busy}
                aria-label={`Add sticker ${gif.title || gif.id}`}
                onClick={() => props.onPick(gif)}
              >
                <img src={gif.images.fixed_width_small?.url ?? still?.url} alt="" loading="lazy" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
