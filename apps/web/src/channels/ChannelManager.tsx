import type { ChannelObject } from '@jiffy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { channelApi } from './channel-api.ts';
import { ChannelTagsManager } from './ChannelTagsManager.tsx';
import { DeleteChannel } from './DeleteChannel.tsx';
import { EditChannel } from './EditChannel.tsx';
import { ArrangeGifs } from './ArrangeGifs.tsx';
import { firstGifsKey } from './first-gifs.ts';
import { gifsInChannelKey } from './gifs-in-channel.ts';
import { SubChannelList } from './SubChannelList.tsx';
import { UploadPicker } from './UploadPicker.tsx';
import { sentence } from './sentence.ts';
import './channels.css';

/**
 * The GIF ids in what the owner pasted: GIF page or embed links (`…/gifs/happy-dance-<id>`,
 * `…/embed/<id>`), or bare ids, apart by spaces, commas or lines.
 */
export function gifIdsIn(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((word) => {
      const segments = word.split(/[?#]/)[0]!.split('/').filter(Boolean);
      const at = segments.findIndex((s) => s === 'gifs' || s === 'embed');
      const segment = (at >= 0 ? segments[at + 1] : segments.at(-1)) ?? word;
      // A GIF page's segment is its title's words, then its id after the last hyphen.
      return segment.slice(segment.lastIndexOf('-') + 1);
    })
    .filter(Boolean);
}

/**
 * The owner's (or staff's) tools on a channel page: make a channel inside this one, edit (see
 * EditChannel) or delete this one, order the channels inside it, add (by link, or from one's
 * uploads) and arrange GIFs, and its tabs and magic tags. In people's words throughout, spaced
 * apart, and finger-sized on a phone (channels.css).
 */
export function ChannelManager(props: {
  channel: ChannelObject;
  siblings: ChannelObject[];
  /** A moderator or admin managing someone's channel (they may also set its type). */
  staff?: boolean;
  /** After any change: the page shows the feed again. */
  onChanged?: () => void;
}) {
  const { channel } = props;
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [newName, setNewName] = useState('');
  const [gifIds, setGifIds] = useState('');
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['channel'] }),
      client.invalidateQueries({ queryKey: ['channel-children', channel.id] }),
      client.invalidateQueries({ queryKey: firstGifsKey(channel.id) }),
      client.invalidateQueries({ queryKey: gifsInChannelKey(channel.id) }),
    ]);
  /** Runs a change; its failure is shown in the server's words. */
  const run = async (change: () => Promise<string>) => {
    try {
      setMessage(await change());
      await refresh();
      props.onChanged?.();
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section className="channel-manager" aria-label="Manage this channel">
      <h2>Manage</h2>
      <p role="status">{message}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const made = await channelApi.create({ display_name: newName, parent: channel.id });
            setNewName('');
            return sentence(`Made ${made.display_name}`);
          });
        }}
      >
        <label>
          New channel inside {channel.display_name}{' '}
          <input value={newName} onChange={(event) => setNewName(event.target.value)} required />
        </label>
        <button type="submit">Create</button>
      </form>
      <EditChannel channel={channel} staff={props.staff ?? false} run={run} />
      {channel.is_root ? null : <DeleteChannel channel={channel} onFailed={setMessage} />}
      {channel.is_root ? null : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const ids = gifIdsIn(gifIds);
            void run(async () => {
              const { added } = await channelApi.addGifs(channel.id, ids);
              setGifIds('');
              return `Added ${added.length} GIF${added.length === 1 ? '' : 's'}.`;
            });
          }}
        >
          <label>
            Add GIFs by their links{' '}
            <input
              value={gifIds}
              onChange={(event) => setGifIds(event.target.value)}
              placeholder="Paste links to GIF pages"
              required
            />
          </label>
          <button type="submit">Add</button>
        </form>
      )}
      {channel.is_root ? null : (
        <UploadPicker
          channelId={channel.id}
          onAdd={(ids) =>
            run(async () => {
              const { added } = await channelApi.addGifs(channel.id, ids);
              return `Added ${added.length} GIF${added.length === 1 ? '' : 's'}.`;
            })
          }
        />
      )}
      {channel.is_root ? null : <ArrangeGifs channelId={channel.id} run={run} />}
      <SubChannelList siblings={props.siblings} run={run} />
      {channel.is_root ? null : <ChannelTagsManager channel={channel} run={run} />}
    </section>
  );
}
