import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../account/FormField.tsx';
import { channelApi } from '../channels/channel-api.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { studiosApi, studiosKey } from './studios-api.ts';

/**
 * Staff's form for /studios: feature a channel by its address (`username/slug`, as in its
 * page's URL) or a creator by username. Removing is a button on each featured item.
 */
export function StudioCuration() {
  const client = useQueryClient();
  const [channelPath, setChannelPath] = useState('');
  const [username, setUsername] = useState('');
  const feature = useMutation({
    mutationFn: async (what: 'channel' | 'creator') => {
      if (what === 'creator') return studiosApi.feature({ username: username.trim() });
      // A page's address, pasted whole or as its path: the channel's id is what Studios keeps.
      const path = channelPath
        .trim()
        .replace(/^https?:\/\/[^/]+\//, '')
        .replace(/^\//, '');
      const channel = await channelApi.byPath(path);
      return studiosApi.feature({ channel: channel.id });
    },
    onSuccess: async (_, what) => {
      if (what === 'creator') setUsername('');
      else setChannelPath('');
      await client.invalidateQueries({ queryKey: studiosKey });
    },
  });
  return (
    <section className="studio-curation" aria-labelledby="curation-heading">
      <h2 id="curation-heading">Choose what Studios features</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (channelPath.trim()) feature.mutate('channel');
        }}
      >
        <FormField
          label="Channel (its address, e.g. username/channel)"
          name="channel"
          value={channelPath}
          onChange={setChannelPath}
        />
        <button type="submit" disabled={feature.isPending}>
          Feature channel
        </button>
      </form>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (username.trim()) feature.mutate('creator');
        }}
      >
        <FormField
          label="Creator (username)"
          name="username"
          value={username}
          onChange={setUsername}
        />
        <button type="submit" disabled={feature.isPending}>
          Feature creator
        </button>
      </form>
      {feature.error ? <ErrorMessage message={feature.error.message} /> : null}
    </section>
  );
}

/** Staff's "Remove from Studios" button on one featured item. */
export function UnfeatureButton({ featureId, name }: { featureId: number; name: string }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => studiosApi.unfeature(featureId),
    onSuccess: () => client.invalidateQueries({ queryKey: studiosKey }),
  });
  return (
    <button
      type="button"
      onClick={() => remove.mutate()}
      disabled={remove.isPending}
      aria-label={`Remove ${name} from Studios`}
    >
      Remove
    </button>
  );
}
