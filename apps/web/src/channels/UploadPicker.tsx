import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MoreUploadsButton } from '../edit/MoreUploadsButton.tsx';
import { allOwnGifs, useOwnGifs } from '../edit/own-gifs.ts';
import { gifsInChannel, gifsInChannelKey } from './gifs-in-channel.ts';

/**
 * The owner's uploads (ready, public ones: only those may join a channel), to tick and add to
 * the channel in one call. Opened on demand: the list is a request of its own. Uploads already
 * in the channel are listed but marked and cannot be ticked (adding them again does nothing).
 */
export function UploadPicker(props: {
  channelId: number;
  onAdd: (gifIds: string[]) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Add from your uploads
      </button>
    );
  return <Picker channelId={props.channelId} onAdd={props.onAdd} />;
}

function Picker(props: { channelId: number; onAdd: (gifIds: string[]) => Promise<void> }) {
  const uploads = useOwnGifs();
  const [chosen, setChosen] = useState<string[]>([]);
  const shown = allOwnGifs(uploads.data).filter(
    (g) => g.status === 'ready' && g.visibility === 'public',
  );
  const ids = shown.map((g) => g.id);
  const already = useQuery({
    queryKey: [...gifsInChannelKey(props.channelId), ids],
    queryFn: () => gifsInChannel(props.channelId, ids),
    enabled: ids.length > 0,
    // More uploads loaded: the list stays while the new ones are looked up (adding one that
    // is already in does nothing on the server).
    placeholderData: keepPreviousData,
  });
  if (uploads.isPending || (ids.length > 0 && already.isPending))
    return <p className="loading">Loading your uploads…</p>;
  const inChannel = already.data ?? new Set<string>();
  return (
    <form
      className="upload-picker"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onAdd(chosen).then(() => setChosen([]));
      }}
    >
      <ul aria-label="Your uploads">
        {shown.map((gif) => {
          const added = inChannel.has(gif.id);
          return (
            <li key={gif.id}>
              <label>
                <input
                  type="checkbox"
                  disabled={added}
                  checked={added || chosen.includes(gif.id)}
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
                {added ? (
                  <span className="upload-picker-added"> (already in this channel)</span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
      <MoreUploadsButton list={uploads} />
      <button type="submit" disabled={chosen.length === 0 || chosen.length > 50}>
        Add {chosen.length} to the channel
      </button>
    </form>
  );
}
