import { SlottedJson } from '../gifs/index.ts';
import { encodeAnswer, RenderedAnswer } from '../public-api/index.ts';
import { encodeFeedCursor, type FeedCursor } from './feed-cursor.ts';

/** The feed page's pagination: GIPHY's, plus the cursor of the next page (null on the last). */
export interface FeedPagination {
  total_count: number;
  count: number;
  offset: number;
  next_cursor: string | null;
}

/**
 * A feed page's answer, `{ data, pagination }`, as bytes: its GIFs' JSON as kept from earlier
 * answers (GifReadService.serializeRows, made with RESPONSE_ID_SLOT) joined without encoding
 * them again, and this response's id written into their slots.
 */
export function renderFeedPage(
  page: { gifs: SlottedJson[]; total: number; offset: number; next?: FeedCursor | undefined },
  responseId: string,
): Buffer {
  const pagination: FeedPagination = {
    total_count: page.total,
    count: page.gifs.length,
    offset: page.offset,
    next_cursor: page.next ? encodeFeedCursor(page.next) : null,
  };
  const body = encodeAnswer({ data: page.gifs, pagination }, itemJson);
  return new RenderedAnswer(body).render(responseId);
}

const itemJson = (item: object): SlottedJson =>
  item instanceof SlottedJson ? item : SlottedJson.stringify(item);
