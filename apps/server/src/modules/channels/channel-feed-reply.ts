import type { Actor } from '../accounts/index.ts';
import type { GifReadService } from '../gifs/index.ts';
import { renderFeedPage } from './channel-feed.presenter.ts';
import type { ChannelService } from './channel.service.ts';

/**
 * A page of a channel's feed as `actor` may see it, as the feed route answers it: the page read
 * once, its GIFs' JSON as kept from earlier answers (the listed-GIF fast path of the public
 * lists), with `responseId` written into them. The site's first screen of a channel is written
 * from the same bytes its grid would fetch.
 */
export async function channelFeedReply(
  deps: { channels: ChannelService; reads: GifReadService },
  actor: Actor | null,
  id: number,
  query: Parameters<ChannelService['feed']>[2],
  responseId: string,
): Promise<Buffer> {
  const page = await deps.channels.feed(actor, id, query);
  const gifs = await deps.reads.serializeRows(page.rows);
  return renderFeedPage({ ...page, gifs, offset: query.offset }, responseId);
}
