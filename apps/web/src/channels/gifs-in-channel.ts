import { channelApi } from './channel-api.ts';

/** The most GIF ids `GET /api/v4/channel-gifs/` takes in one call (the server's limit). */
const PER_CALL = 50;

/** The query key of which picked GIFs a channel holds: invalidate it after adding or taking out. */
export const gifsInChannelKey = (channelId: number) => ['channel-gif-membership', channelId];

/**
 * Which of `gifIds` are already in the channel, asked of the channels-of-GIFs call 50 at a
 * time (the picker lists the owner's uploads, not the channel, so it cannot tell by itself).
 */
export async function gifsInChannel(channelId: number, gifIds: string[]): Promise<Set<string>> {
  const batches: string[][] = [];
  for (let i = 0; i < gifIds.length; i += PER_CALL) batches.push(gifIds.slice(i, i + PER_CALL));
  const answers = (await Promise.all(batches.map((ids) => channelApi.channelsOf(ids)))).flat();
  return new Set(
    answers.filter((a) => a.channels.some((c) => c.id === channelId)).map((a) => a.gif_id),
  );
}
