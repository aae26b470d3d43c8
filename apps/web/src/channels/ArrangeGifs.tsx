import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { channelApi } from './channel-api.ts';
import { firstGifsKey, useFirstGifs } from './first-gifs.ts';
import { sentence } from './sentence.ts';

/**
 * The channel's first GIFs in their manual order, each with buttons to move it up or down or
 * take it out of the channel (the GIF itself stays on its owner's profile).
 */
export function ArrangeGifs(props: {
  channelId: number;
  run: (change: () => Promise<string>) => Promise<void>;
}) {
  const { channelId, run } = props;
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const key = firstGifsKey(channelId);
  const gifs = useFirstGifs(channelId, open);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Arrange GIFs
      </button>
    );
  const list = gifs.data ?? [];
  const change = (work: () => Promise<string>) =>
    run(async () => {
      const said = await work();
      await client.invalidateQueries({ queryKey: key });
      return said;
    });
  return (
    <ol className="arrange-gifs" aria-label="GIFs in this channel">
      {list.map((gif, i) => {
        const name = gif.title || gif.id;
        return (
          <li key={gif.id}>
            {gif.images.fixed_width_small?.url ? (
              <img src={gif.images.fixed_width_small.url} alt="" width={50} />
            ) : null}
            <span>{name}</span>{' '}
            <button
              type="button"
              aria-label={`Move ${name} up`}
              disabled={i === 0}
              onClick={() =>
                void change(async () => {
                  await channelApi.placeGif(channelId, gif.id, 'before', list[i - 1]!.id);
                  return sentence(`Moved ${name}`);
                })
              }
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move ${name} down`}
              disabled={i === list.length - 1}
              onClick={() =>
                void change(async () => {
                  await channelApi.placeGif(channelId, gif.id, 'after', list[i + 1]!.id);
                  return sentence(`Moved ${name}`);
                })
              }
            >
              ↓
            </button>
            <button
              type="button"
              aria-label={`Take ${name} out`}
              onClick={() =>
                void change(async () => {
                  await channelApi.removeGif(channelId, gif.id);
                  return `Took ${name} out of the channel.`;
                })
              }
            >
              Take out
            </button>
          </li>
        );
      })}
    </ol>
  );
}
