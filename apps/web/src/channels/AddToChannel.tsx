import type { ChannelObject, Gif } from '@jiffy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../account/use-session.ts';
import { channelApi } from './channel-api.ts';
import { channelLabels, myChannels } from './my-channels.ts';
import { sentence } from './sentence.ts';
import './channels.css';

/** Where the picker remembers the channel a user last added a GIF to, to offer it first again. */
const lastChannelKey = (username: string) => `jiffy-add-to-channel:${username.toLowerCase()}`;

function lastChannel(username: string): number | undefined {
  try {
    const kept = Number(localStorage.getItem(lastChannelKey(username)));
    return Number.isInteger(kept) && kept > 0 ? kept : undefined;
  } catch {
    return undefined; // Storage refused (private mode, a sandbox): nothing remembered.
  }
}

function rememberChannel(username: string, id: number) {
  try {
    localStorage.setItem(lastChannelKey(username), String(id));
  } catch {
    // Not remembered; the picker falls back to its usual choice next time.
  }
}

/**
 * Which channel the picker starts on: the one the user last added a GIF to, else their first
 * sub-channel, else their main channel (where the picker then makes a channel for the GIF).
 */
function firstChoice(channels: ChannelObject[], username: string): number | undefined {
  const last = lastChannel(username);
  if (last !== undefined && channels.some((c) => c.id === last)) return last;
  return (channels.find((c) => !c.is_root) ?? channels[0])?.id;
}

/**
 * "Add to channel" on a GIF's page: the signed-in user puts the GIF into one of their channels.
 * Every channel is offered, their main one too; that one shows their own uploads and takes no
 * GIF by hand, so choosing it makes a new channel inside it, named here, with the GIF in it.
 */
export function AddToChannel({ gif }: { gif: Gif }) {
  const session = useSession();
  const username = session.data?.user?.username;
  const client = useQueryClient();
  const nameId = useId();
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | undefined>();
  const [newName, setNewName] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const channels = useQuery({
    queryKey: ['my-channels', username],
    queryFn: () => myChannels(username!),
    enabled: open && !!username,
  });
  if (!username) return null;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Add to channel
      </button>
    );
  const list = channels.data ?? [];
  const labels = channelLabels(list);
  const targetId = list.some((c) => c.id === chosen) ? chosen : firstChoice(list, username);
  const target = list.find((c) => c.id === targetId);
  const makesChannel = target?.is_root ?? false;

  const add = async () => {
    if (!target) return;
    setBusy(true);
    try {
      if (makesChannel) {
        const made = await channelApi.create({ display_name: newName, parent: target.id });
        await channelApi.addGifs(made.id, [gif.id]);
        rememberChannel(username, made.id);
        setNewName('');
        setChosen(made.id);
        await client.invalidateQueries({ queryKey: ['my-channels', username] });
        setMessage(sentence(`Made ${made.display_name} and added this GIF to it`));
      } else {
        const { added } = await channelApi.addGifs(target.id, [gif.id]);
        rememberChannel(username, target.id);
        setMessage(
          added.length > 0
            ? sentence(`Added to ${target.display_name}`)
            : sentence(`Already in ${target.display_name}`),
        );
      }
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="add-to-channel"
      aria-label="Add to channel"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      {channels.isPending ? <p className="loading">Loading your channels…</p> : null}
      {channels.isError ? <p role="alert">Your channels could not be loaded.</p> : null}
      {target ? (
        <>
          <label htmlFor={selectId}>Channel</label>
          <select
            id={selectId}
            value={target.id}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {labels.get(c.id)}
              </option>
            ))}
          </select>
          {makesChannel ? (
            <>
              <p className="hint">
                Your main channel shows your own uploads. Make a channel inside it for this GIF:
              </p>
              <label htmlFor={nameId}>Name of the new channel</label>
              <input
                id={nameId}
                value={newName}
                onChange={(event) => setNewName(event.target.value)}
                required
                maxLength={100}
              />
              <button type="submit" className="primary" disabled={busy}>
                Make channel and add
              </button>
            </>
          ) : (
            <button type="submit" className="primary" disabled={busy}>
              Add
            </button>
          )}
        </>
      ) : null}
      <p role="status">{message}</p>
    </form>
  );
}
