import { sql, type RawBuilder } from 'kysely';
import type { RenditionTuple } from '../../platform/db/schema.ts';
import {
  shownGifColumns,
  shownUserColumns,
  type ListedGif,
  type PackedGif,
  type ShownGif,
  type ShownUser,
  type ShownRendition,
} from '../gifs/index.ts';

/**
 * What a listed GIF carries: its row's `listed_json` (migration 0016), the columns its GIF
 * object shows then its renditions, in this order; and its uploader's (null without one).
 */
const keptColumns = [...shownGifColumns, 'renditions'] as const;

const at = Object.fromEntries(keptColumns.map((column, i) => [column, i])) as Record<
  (typeof keptColumns)[number],
  number
>;

// Separate the GIFs of a listed page, and each GIF's id from its content: JSON text never holds
// these control characters raw, nor does a GIF id.
const SEPARATOR = '\x1e';
const ID_END = '\x1f';

// Each GIF as its id, then [its listed_json, its uploader's] as one JSON text. Written out once
// as SQL text: the statement it goes into is built for every search.
const asSqlText = (char: string) => `E'\\x${char.charCodeAt(0).toString(16)}'`;
const aggregateOpen = sql.raw(
  `string_agg(concat(gifs.id, ${asSqlText(ID_END)}, '[', gifs.listed_json, ',',
    coalesce((SELECT u.listed_json FROM users u WHERE u.id = gifs.user_id), 'null'), ']'),
    ${asSqlText(SEPARATOR)} ORDER BY `,
);

/**
 * SQL aggregating the rows of `gifs` in the query, in `order`, into one text: each GIF as its id
 * and a compact JSON array of what its object shows, as its row and its uploader's keep it
 * (migration 0016). One value to the driver, parsed per GIF by
 * one native JSON.parse instead of a parser per column and row (which cost more than presenting
 * the page); and each GIF's text is the content its object is presented from, so an object
 * presented before is reused without parsing its content again (see GifReadService).
 */
export function listedGifs(order: RawBuilder<unknown>): RawBuilder<string | null> {
  return sql<string | null>`${aggregateOpen}${order})`;
}

// What a packed GIF's content ends with when the GIF has no uploader: its row's array (which
// ends with its renditions' array), then null for the uploader (see aggregateOpen).
const NO_UPLOADER = '],null]';

/**
 * Whether a listed GIF has an uploader, without unpacking it: a GIF selected with listedGifs
 * says so by how its content ends.
 */
export function hasUploader(gif: ListedGif | PackedGif): boolean {
  return 'content' in gif ? !gif.content.endsWith(NO_UPLOADER) : gif.user_id !== null;
}

/** The GIFs of a page selected with listedGifs, still packed, for GifReadService.presentRows. */
export function fromListedGifs(text: string | null): PackedGif[] {
  if (text === null) return [];
  return text.split(SEPARATOR).map((gif) => {
    const idEnd = gif.indexOf(ID_END);
    return new PackedListedGif(gif.slice(0, idEnd), gif.slice(idEnd + 1));
  });
}

/** A listed GIF's id and content (see listedGifs), unpacked when its object is presented. */
class PackedListedGif implements PackedGif {
  readonly id: string;
  readonly content: string;

  constructor(id: string, content: string) {
    this.id = id;
    this.content = content;
  }

  unpack(): ListedGif {
    const [tuple, userTuple] = JSON.parse(this.content) as [unknown[], unknown[] | null];
    const gif = {} as Record<string, unknown>;
    for (const column of shownGifColumns) gif[column] = tuple[at[column]];
    // JSON has no dates: timestamps come as ISO 8601 text.
    gif.created_at = new Date(tuple[at.created_at] as string);
    const trendingAt = tuple[at.trending_at] as string | null;
    gif.trending_at = trendingAt === null ? null : new Date(trendingAt);
    const shown = gif as ShownGif;
    const renditions = (tuple[at.renditions] as RenditionTuple[]).map(
      ([name, format, width, height, frames, bytes, sha256, storageKey]): ShownRendition => ({
        gif_id: shown.id,
        name,
        format,
        width,
        height,
        frames,
        bytes,
        sha256,
        // Listed only for an alias; any other rendition is its own file.
        storage_key: storageKey ?? `gifs/${shown.id}/${name}.${format}`,
      }),
    );
    const user =
      userTuple === null
        ? null
        : (Object.fromEntries(shownUserColumns.map((c, i) => [c, userTuple[i]])) as ShownUser);
    return { ...shown, renditions, user };
  }
}
