import { sql, type RawBuilder } from 'kysely';
import type { GifRow } from '../db/schema.ts';
import type { ListedGif } from '../gifs/gif-read.service.ts';
import { shownGifColumns, type ShownGif } from '../gifs/gif.presenter.ts';
import type { ShownRendition } from '../gifs/images.presenter.ts';

/** What a listed GIF carries: the columns its GIF object shows, then its renditions. */
const listedColumns = [...shownGifColumns, 'rendition_list'] as const;
type ListedColumn = (typeof listedColumns)[number];
type ListedGifRow = Pick<GifRow, ListedColumn>;

/**
 * SQL for a GIF of the `gifs` table in the query as one compact JSON array: the columns its GIF
 * object shows and its renditions (one column, migration 0015), nothing it does not show. A
 * page aggregated from these is one value to the driver, parsed by one native JSON.parse
 * instead of a parser per column and row, which cost more than presenting the page.
 */
export const listedGifTuple: RawBuilder<unknown> = sql`json_build_array(${sql.join(
  listedColumns.map((column) => sql.ref(`gifs.${column}`)),
)})`;

const at = Object.fromEntries(listedColumns.map((column, i) => [column, i])) as Record<
  ListedColumn,
  number
>;

/** A GIF selected as listedGifTuple, ready for GifReadService.presentRows. */
export function fromListedGifTuple(tuple: unknown[]): ListedGif {
  const row = {} as Record<string, unknown>;
  for (const column of shownGifColumns) row[column] = tuple[at[column]];
  // JSON has no dates: timestamps come as ISO 8601 text.
  row.created_at = new Date(tuple[at.created_at] as string);
  const trendingAt = tuple[at.trending_at] as string | null;
  row.trending_at = trendingAt === null ? null : new Date(trendingAt);
  const gif = row as ShownGif;
  const renditions = (tuple[at.rendition_list] as ListedGifRow['rendition_list']).map(
    ([name, format, width, height, frames, bytes, sha256]): ShownRendition => ({
      gif_id: gif.id,
      name,
      format,
      width,
      height,
      frames,
      bytes,
      sha256,
    }),
  );
  return { ...gif, renditions };
}
