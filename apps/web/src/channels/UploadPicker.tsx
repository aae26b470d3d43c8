import { useState } from 'react';
import { allOwnGifs, useOwnGifs } from '../edit/own-gifs.ts';

/**
 * The owner's uploads (ready, public ones: only those may join a channel), to tick and add to
 * the channel in one call. Opened on demand: the list is a request of its own.
 */
export function UploadPicker(props: { onAdd: (gifIds: string[]) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Add from your uploads
      </button>
    );
  return <Picker onAdd={props.onAdd} />;
}

function Picker(props: { onAdd: (gifIds: string[]) => Promise<void> }) {
  const uploads = useOwnGifs();
  const [chosen, setChosen] = useState<string[]>([]);
  const shown = allOwnGifs(uploads.data).filter(
    (g) => g.status === 'ready' && g.visibility === 'public',
  );
  if (uploads.isPending) return <p className="loading">Loading your uploads…</p>;
  return (
    <form
      className="upload-picker"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onAdd(chosen).then(() => setChosen([]));
      }}
    >
      <ul aria-label="Your uploads">
        {shown.map((gif) => (
          <li key={gif.id}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(gif.id)}
                onChange={(event) =>
                  setChosen((before) =>
                    event.target.checked
                      ? [...before, gif.id]
                      : before.filter((id) => id !== gif.id),
                  )
                }
              />
              {gif.preview_url ? <img src={gif.preview_url} alt="" width={60} /> : null}
              {gif.title || gif.id}
            </label>
          </li>
        ))}
      </ul>
      <button type="submit" disabled={chosen.length === 0 || chosen.length > 50}>
        Add {chosen.length} to the channel
      </button>
    </form>
  );
}
