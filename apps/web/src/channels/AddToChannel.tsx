import type { Gif } from '@jiffy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../account/use-session.ts';
import { channelApi } from './channel-api.ts';
import { channelLabels, myChannels } from './my-channels.ts';
import { sentence } from './sentence.ts';

/** "Add to channel" on a GIF's page: the signed-in user puts the GIF into one of their channels. */
export function AddToChannel({ gif }: { gif: Gif }) {
  const session = useSession();
  const username = session.data?.user?.username;
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [message, setMessage] = useState('');
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
  const labels = channelLabels(channels.data ?? []);
  const add = async () => {
    const channel = channels.data?.find((c) => String(c.id) === target);
    if (!channel) return;
    try {
      const { added } = await channelApi.addGifs(channel.id, [gif.id]);
      setMessage(
        added.length > 0
          ? sentence(`Added to ${channel.display_name}`)
          : sentence(`Already in ${channel.display_name}`),
      );
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="add-to-channel">
      {channels.isPending ? <p className="loading">Loading your channels…</p> : null}
      {channels.data && channels.data.length === 0 ? (
        <p>Make a channel on your page first.</p>
      ) : null}
      {channels.data && channels.data.length > 0 ? (
        <>
          <select
            aria-label="Channel"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          >
            <option value="">Choose a channel…</option>
            {channels.data.map((c) => (
              <option key={c.id} value={c.id}>
                {labels.get(c.id)}
              </option>
            ))}
          </select>
          <button type="button" disabled={!target} onClick={() => void add()}>
            Add
          </button>
        </>
      ) : null}
      <p role="status">{message}</p>
    </div>
  );
}
