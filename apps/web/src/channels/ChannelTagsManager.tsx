import type { ChannelObject } from '@jiffy/contracts';
import { useState } from 'react';
import { channelApi, pollJob } from './channel-api.ts';
import { RankedTags } from './RankedTags.tsx';

/**
 * A channel's ranked tags (its page's tabs) and magic tags. Adding a magic tag starts a job:
 * the page polls it (up to 8 times, 500 ms apart) and then tells the result, or that it is still
 * running.
 */
export function ChannelTagsManager(props: {
  channel: ChannelObject;
  run: (change: () => Promise<string>) => Promise<void>;
  /** How the job is polled; tests pass a short delay. */
  poll?: typeof pollJob;
}) {
  const { channel, run, poll = pollJob } = props;
  const [magic, setMagic] = useState('');
  const [job, setJob] = useState('');
  return (
    <div className="channel-tags-manager">
      <RankedTags channel={channel} run={run} />
      <h3>Magic tags</h3>
      <p className="hint">
        GIFs with a magic tag join this channel by themselves, now and whenever one is uploaded.
      </p>
      <ul>
        {channel.syncable_tags.map((t) => (
          <li key={t.id}>
            #{t.tag}{' '}
            <button
              type="button"
              aria-label={`Remove magic tag ${t.tag}`}
              onClick={() =>
                void run(async () => {
                  await channelApi.removeMagicTag(t.id);
                  return `Removed the magic tag #${t.tag} and the GIFs it brought.`;
                })
              }
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const tag = magic;
          void run(async () => {
            const { flush_uuid } = await channelApi.addMagicTag(channel.id, tag);
            setMagic('');
            setJob(`Gathering GIFs tagged #${tag}…`);
            const outcome = await poll(flush_uuid);
            setJob('');
            if (outcome === 'DONE') return `GIFs tagged #${tag} are in the channel.`;
            if (outcome === 'FAILED') return `Gathering GIFs tagged #${tag} failed; try again.`;
            return `Still gathering GIFs tagged #${tag}; they will show up soon.`;
          });
        }}
      >
        <label>
          New magic tag <input value={magic} onChange={(e) => setMagic(e.target.value)} required />
        </label>
        <button type="submit">Add magic tag</button>
      </form>
      {job ? <p role="progressbar">{job}</p> : null}
    </div>
  );
}
