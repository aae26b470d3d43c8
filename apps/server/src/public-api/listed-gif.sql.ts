import { sql, type RawBuilder } from 'kysely';
import type { ListedGif } from '../gifs/gif-read.service.ts';
import { shownGifColumns, type ShownGif } from '../gifs/gif.presenter.ts';
import type { ShownRendition } from '../gifs/images.presenter.ts';

/** A rendition as listedGifColumns sends it: a compact JSON array, in this order. */
type RenditionTuple = [
  name: string,
  format: string,
  width: number,
  height: number,
  frames: number,
  bytes: number,
  sha256: string,
];

/** A row selected with listedGifColumns. */
export type ListedGifRow = ShownGif & { renditions: RenditionTuple[] };

/**
 * The select list of a page of GIFs that is presented as it comes: the columns a GIF object
 * shows (of the `gifs` table in the query) and its renditions as one JSON array, so the page
 * and its files take one statement, and no column is read that the answer does not show.
 */
export const listedGifColumns: RawBuilder<unknown> = sql.join([
  ...shownGifColumns.map((column) => sql.ref(`gifs.${column}`)),
  sql`(SELECT coalesce(json_agg(json_build_array(r.name, r.format, r.width, r.height, r.frames,
    r.bytes, r.sha256)), '[]') FROM renditions r WHERE r.gif_id = gifs.id) AS renditions`,
]);

/** A row selected with listedGifColumns, ready for GifReadService.presentRows. */
export function toListedGif(row: ListedGifRow): ListedGif {
  const renditions = row.renditions.map(
    ([name, format, width, height, frames, bytes, sha256]): ShownRendition => ({
      gif_id: row.id,
      name,
      format,
      width,
      height,
      frames,
      bytes,
      sha256,
    }),
  );
  return { ...row, renditions };
}
