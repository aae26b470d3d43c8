import { DRAG_GIF } from './drag-data.ts';
import type { Gif } from '@jiffy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { MoreUploadsButton } from '../edit/MoreUploadsButton.tsx';
import { allOwnGifs, useOwnGifs } from '../edit/own-gifs.ts';

/** A GIF to put in a story or on the schedule: its id, and what shows it in the list. */
export interface PickedGif {
  gif_id: string;
  title: string;
  preview: string | null;
}

const pickedOf = (gif: Gif): PickedGif => ({
  gif_id: gif.id,
  title: gif.title,
  preview: gif.images.fixed_width_small?.url ?? gif.images.fixed_width?.url ?? null,
});

/** GIFs to add: found by a search, or (for the editor) the signed-in user's own uploads. */
export function GifPicker(props: { onPick: (gif: PickedGif) => void; ownUploads?: boolean }) {
  const [tab, setTab] = useState<'own' | 'search'>(props.ownUploads ? 'own' : 'search');
  return (
    <section className="gif-picker" aria-labelledby="gif-picker-heading">
      <h2 id="gif-picker-heading">Add GIFs</h2>
      {props.ownUploads ? (
        <div className="action-row" role="group" aria-label="Where from">
          <button
            type="button"
            className={tab === 'own' ? 'primary' : 'secondary'}
            aria-pressed={tab === 'own'}
            onClick={() => setTab('own')}
          >
            Your uploads
          </button>
          <button
            type="button"
            className={tab === 'search' ? 'primary' : 'secondary'}
            aria-pressed={tab === 'search'}
            onClick={() => setTab('search')}
          >
            Search
          </button>
        </div>
      ) : null}
      {tab === 'own' ? <OwnUploads onPick={props.onPick} /> : <SearchGifs onPick={props.onPick} />}
    </section>
  );
}

function OwnUploads({ onPick }: { onPick: (gif: PickedGif) => void }) {
  const list = useOwnGifs();
  // Only GIFs a story may hold: ready (not processing or taken down) and not private.
  const gifs = allOwnGifs(list.data).filter(
    (gif) => gif.status === 'ready' && gif.visibility !== 'private',
  );
  if (list.isPending) return <p className="loading">Loading…</p>;
  if (list.error) return <ErrorMessage message={list.error.message} />;
  if (gifs.length === 0)
    return (
      <>
        <p className="muted">
          {list.hasNextPage ? 'None of your latest uploads can go in.' : 'No uploads to add yet.'}
        </p>
        <MoreUploadsButton list={list} />
      </>
    );
  return (
    <>
      <Choices
        gifs={gifs.map((gif) => ({ gif_id: gif.id, title: gif.title, preview: gif.preview_url }))}
        onPick={onPick}
      />
      <MoreUploadsButton list={list} />
    </>
  );
}

function SearchGifs({ onPick }: { onPick: (gif: PickedGif) => void }) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const found = useQuery({
    queryKey: ['picker-search', term],
    queryFn: async () => (await api.search(term, { limit: 24 })).data.map(pickedOf),
    enabled: term !== '',
  });
  return (
    <>
      <form
        className="action-row"
        role="search"
        aria-label="Find GIFs to add"
        onSubmit={(event) => {
          event.preventDefault();
          setTerm(typed.trim());
        }}
      >
        <label className="visually-hidden" htmlFor="picker-q">
          Search GIFs
        </label>
        <input
          id="picker-q"
          value={typed}
          placeholder="Search GIFs"
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="secondary">
          Search
        </button>
      </form>
      {found.error ? <ErrorMessage message={found.error.message} /> : null}
      {found.data?.length === 0 ? <p className="muted">No GIFs found.</p> : null}
      {found.data ? <Choices gifs={found.data} onPick={onPick} /> : null}
    </>
  );
}

function Choices({ gifs, onPick }: { gifs: PickedGif[]; onPick: (gif: PickedGif) => void }) {
  return (
    <ul className="picker-choices">
      {gifs.map((gif) => (
        <li key={gif.gif_id}>
          <button
            type="button"
            className="secondary"
            draggable
            // The scheduler's week takes a GIF dropped on a day.
            onDragStart={(event) => event.dataTransfer.setData(DRAG_GIF, gif.gif_id)}
            onClick={() => onPick(gif)}
          >
            {gif.preview ? <img src={gif.preview} alt="" width={120} /> : null}
            <span>Add {gif.title || 'GIF'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
