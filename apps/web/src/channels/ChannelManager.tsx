import type { ChannelObject } from '@jiffy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { channelApi } from './channel-api.ts';
import { ChannelTagsManager } from './ChannelTagsManager.tsx';
import { ArrangeGifs } from './ArrangeGifs.tsx';
import { SubChannelList } from './SubChannelList.tsx';
import { UploadPicker } from './UploadPicker.tsx';

/**
 * The owner's tools on their channel page: make a sub-channel, rename, describe or delete
 * this one, order its sub-channels, add GIFs by id, and its ranked and magic tags.
 */
export function ChannelManager(props: {
  channel: ChannelObject;
  siblings: ChannelObject[];
  /** After any change: the page shows the feed again. */
  onChanged?: () => void;
}) {
  const { channel } = props;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [newName, setNewName] = useState('');
  const [name, setName] = useState(channel.display_name);
  const [description, setDescription] = useState(channel.description);
  const [gifIds, setGifIds] = useState('');
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['channel'] }),
      client.invalidateQueries({ queryKey: ['channel-children', channel.id] }),
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
            return `Made ${made.display_name}.`;
          });
        }}
      >
        <label>
          New sub-channel{' '}
          <input value={newName} onChange={(event) => setNewName(event.target.value)} required />
        </label>
        <button type="submit">Create</button>
      </form>
      {channel.is_root ? null : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await channelApi.update(channel.id, { display_name: name, description });
              return 'Saved.';
            });
          }}
        >
          <label>
            Name <input value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label>
            Description{' '}
            <input value={description} onChange={(event) => setDescription(event.target.value)} />
          </label>
          <button type="submit">Save</button>
          <button
            type="button"
            onClick={() => {
              if (!window.confirm(`Delete ${channel.display_name} and its sub-channels?`)) return;
              void run(async () => {
                await channelApi.remove(channel.id);
                await navigate(`/${channel.ancestors.at(-1)?.path ?? channel.user.username}`);
                return 'Deleted.';
              });
            }}
          >
            Delete channel
          </button>
        </form>
      )}
      {channel.is_root ? null : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const ids = gifIds.split(/[\s,]+/).filter(Boolean);
            void run(async () => {
              const { added } = await channelApi.addGifs(channel.id, ids);
              setGifIds('');
              return `Added ${added.length} GIF${added.length === 1 ? '' : 's'}.`;
            });
          }}
        >
          <label>
            Add GIFs (ids){' '}
            <input value={gifIds} onChange={(event) => setGifIds(event.target.value)} required />
          </label>
          <button type="submit">Add</button>
        </form>
      )}
      {channel.is_root ? null : (
        <UploadPicker
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
