import type { ChannelObject } from '@jiffy/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../accounts/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ChannelGifRepository } from './channel-gif.repository.ts';
import type { ChannelReader, FoundChannel } from './channel-reader.ts';
import type { ChannelRepository } from './channel.repository.ts';
import type { FeedTotals } from './feed-totals.ts';

export interface ChannelGifsDeps {
  db: Kysely<Database>;
  channels: ChannelRepository;
  channelGifs: ChannelGifRepository;
  reader: ChannelReader;
  /** The feeds' kept totals, forgotten for a channel whose GIFs change here. */
  totals?: FeedTotals;
}

export type GifPosition = 'before' | 'after' | 'first' | 'last';

/**
 * Which GIFs a channel holds by hand: adding (and placing, which also reorders), removing, and
 * which channels a GIF is in. Only a GIF a channel can show (ready, public) may join one.
 */
export class ChannelGifsService {
  readonly #deps: ChannelGifsDeps;
  constructor(deps: ChannelGifsDeps) {
    this.#deps = deps;
  }

  /** For each shown GIF of `gifIds`, the channels it is in that the actor may see. */
  async channelsOf(
    actor: Actor | null,
    gifIds: string[],
  ): Promise<{ gif_id: string; channels: ChannelObject[] }[]> {
    const { channelGifs, reader } = this.#deps;
    const shown = await channelGifs.listable(gifIds);
    const links = await channelGifs.channelsOf(gifIds.filter((id) => shown.has(id)));
    const found = await reader.findMany(actor, [...new Set(links.map((l) => l.channel_id))]);
    const objects = new Map(
      (await reader.present(actor, found)).map((channel) => [channel.id, channel]),
    );
    return gifIds
      .filter((id) => shown.has(id))
      .map((gifId) => ({
        gif_id: gifId,
        channels: links
          .filter((l) => l.gif_id === gifId && objects.has(l.channel_id))
          .map((l) => objects.get(l.channel_id)!),
      }));
  }

  /**
   * Adds the GIFs by hand, in the order given. With a position they are placed there (moving
   * any already in the channel); without, new ones go first and the others keep their place.
   */
  async add(
    actor: Actor | null,
    input: { channelId: number; gifIds: string[]; position?: GifPosition; targetGif?: string },
  ): Promise<{ added: string[] }> {
    const { db, channelGifs, channels } = this.#deps;
    const { channel } = await this.#subChannel(actor, input.channelId);
    const shown = await channelGifs.listable(input.gifIds);
    const missing = input.gifIds.find((id) => !shown.has(id));
    if (missing) throw new AppError('gif_not_found', `No GIF with the id ${missing}.`);
    if (input.targetGif && input.gifIds.includes(input.targetGif))
      throw new AppError('invalid_request', 'target_gif: a GIF cannot go beside itself.');
    const added = await db.transaction().execute(async (trx) => {
      // Positions are read and written in one channel at a time.
      await channels.lock(trx, channel.id);
      const present = await channelGifs.inChannel(trx, channel.id, input.gifIds);
      if (
        input.targetGif &&
        !(await channelGifs.inChannel(trx, channel.id, [input.targetGif])).size
      )
        throw new AppError('channel_gif_not_found', 'target_gif is not in the channel.');
      // Placing each first (or after the target) in reverse keeps the order given.
      const reverse = !input.position || input.position === 'first' || input.position === 'after';
      const order = reverse ? input.gifIds.toReversed() : input.gifIds;
      for (const gifId of order) {
        const place = input.position;
        const position = !place
          ? null
          : await channelGifs.positionFor(
              trx,
              channel.id,
              place === 'before' || place === 'after'
                ? { at: place, gifId: input.targetGif! }
                : { at: place },
            );
        await channelGifs.putByHand(trx, { channelId: channel.id, gifId, position });
      }
      return input.gifIds.filter((id) => !present.has(id));
    });
    this.#deps.totals?.forget(channel.id);
    return { added };
  }

  /** Removes the GIFs, however they got there; all must be in the channel, or nothing changes. */
  async remove(
    actor: Actor | null,
    input: { channelId: number; gifIds: string[] },
  ): Promise<{ removed: string[] }> {
    const { db, channelGifs, channels } = this.#deps;
    const { channel } = await this.#subChannel(actor, input.channelId);
    const removed = await db.transaction().execute(async (trx) => {
      await channels.lock(trx, channel.id);
      const present = await channelGifs.inChannel(trx, channel.id, input.gifIds);
      const missing = input.gifIds.find((id) => !present.has(id));
      if (missing)
        throw new AppError('channel_gif_not_found', `The GIF ${missing} is not in the channel.`);
      return channelGifs.remove(trx, channel.id, input.gifIds);
    });
    this.#deps.totals?.forget(channel.id);
    return { removed };
  }

  async #subChannel(actor: Actor | null, id: number): Promise<FoundChannel> {
    const found = await this.#deps.reader.findToManage(actor, id);
    if (found.channel.parent_id === null)
      throw new AppError(
        'channel_is_root',
        'A root channel shows its owner’s uploads; add GIFs to one of its sub-channels.',
      );
    return found;
  }
}
