import { ID_PATTERN } from '../../platform/lib/ids.ts';
import type { FeedOrder } from './channel-feed.repository.ts';

/**
 * Where a feed page ended, so the next page starts right after it (a keyset read: a page costs
 * its length in index entries wherever it is, where an offset costs everything before it too).
 * `key` is the ordering column as PostgreSQL wrote it: a manual position (float8 text, exact),
 * or the creation time in microseconds since the epoch (newest first); `gif` breaks ties.
 */
export interface FeedCursor {
  order: FeedOrder;
  key: string;
  gif: string;
}

const ORDER_CODES: Record<FeedOrder, string> = { manual: 'm', newest: 'n' };
const KEY_PATTERN: Record<FeedOrder, RegExp> = {
  manual: /^-?\d+(\.\d+)?(e[-+]?\d+)?$/,
  newest: /^-?\d{1,20}$/,
};

/** The cursor as the client gets it: opaque, URL-safe. */
export function encodeFeedCursor(cursor: FeedCursor): string {
  const text = `${ORDER_CODES[cursor.order]}:${cursor.key}:${cursor.gif}`;
  return Buffer.from(text).toString('base64url');
}

/** The cursor a client sent back, or undefined when it is not one this server made. */
export function decodeFeedCursor(value: string): FeedCursor | undefined {
  const text = Buffer.from(value, 'base64url').toString();
  const [code, key, gif, ...rest] = text.split(':');
  const order = (Object.keys(ORDER_CODES) as FeedOrder[]).find((o) => ORDER_CODES[o] === code);
  if (!order || key === undefined || !gif || rest.length > 0) return undefined;
  if (!KEY_PATTERN[order].test(key) || !ID_PATTERN.test(gif)) return undefined;
  return { order, key, gif };
}
