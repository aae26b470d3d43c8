import { renditionNames, type Images, type Rendition, type Video } from '@jiffy/contracts';
import type { RenditionRow } from '../../platform/db/schema.ts';

/** What a GIF object shows of a rendition. */
export type ShownRendition = Pick<
  RenditionRow,
  'gif_id' | 'name' | 'format' | 'width' | 'height' | 'frames' | 'bytes' | 'sha256' | 'storage_key'
>;

const giphyNames: ReadonlySet<string> = new Set(renditionNames);
/** A file in a GIF's folder, as its media URL ends. */
const RENDITION_FILE = /^[a-z0-9_]{1,40}\.[a-z0-9]{1,8}$/;

/**
 * Absolute URL of a rendition's file: `<MEDIA_BASE_URL>/<gif id>/<file>`. An alias (a rendition
 * that is another's bytes: original_mp4 is original's MP4, downsized and downsized_still are
 * usually the original GIF and a still) has no file of its own, so its URL names the file it
 * shares, as GIPHY's own original_mp4 does. That file is an object in a bucket serving the
 * media, and a browser or CDN that holds those bytes already need not fetch them again.
 */
export function mediaUrl(
  mediaBaseUrl: string,
  row: Pick<RenditionRow, 'gif_id' | 'name' | 'format' | 'storage_key'>,
): string {
  return `${mediaBaseUrl}/${row.gif_id}/${fileOf(row)}`;
}

/** The stored file a rendition's bytes are in: its own, or the one it aliases in its folder. */
function fileOf(row: Pick<RenditionRow, 'gif_id' | 'name' | 'format' | 'storage_key'>): string {
  const folder = `gifs/${row.gif_id}/`;
  const file = row.storage_key.startsWith(folder) ? row.storage_key.slice(folder.length) : '';
  return RENDITION_FILE.test(file) ? file : `${row.name}.${row.format}`;
}

/**
 * URL of a file on Jiffy's own `/media`, whatever MEDIA_BASE_URL is: for a rendition made on
 * first request (Tenor's WebM and nano sizes) that has not been, since only Jiffy makes it; a
 * bucket has no object for it until then.
 */
export function ownMediaUrl(
  publicUrl: string,
  file: Pick<RenditionRow, 'gif_id' | 'name' | 'format'>,
): string {
  return `${publicUrl}/media/${file.gif_id}/${file.name}.${file.format}`;
}

/**
 * GIPHY's `images` object from rendition rows: one entry per name, whose GIF (or still image)
 * fills url/size, MP4 fills mp4/mp4_size and WebP fills webp/webp_size. Numbers are strings,
 * as GIPHY sends them.
 */
export function presentImages(allRows: ShownRendition[], mediaBaseUrl: string): Images {
  // The clip (a video with sound) is not an image; it is GIPHY's `video` block instead. The
  // renditions made for Tenor's dialect (WebM, the nano sizes) are not GIPHY's either.
  const rows = allRows.filter((r) => giphyNames.has(r.name) && r.format !== 'webm');
  // A WebP goes in webp/webp_size beside a GIF; alone (preview_webp) it is the url itself.
  const hasImageUrl = new Set(
    rows.filter((r) => r.format !== 'mp4' && r.format !== 'webp').map((r) => r.name),
  );
  const images: Record<string, Rendition> = {};
  for (const row of rows) {
    const entry = (images[row.name] ??= { width: String(row.width), height: String(row.height) });
    const url = mediaUrl(mediaBaseUrl, row);
    const size = String(row.bytes);
    if (row.format === 'mp4') {
      Object.assign(entry, { mp4: url, mp4_size: size });
    } else if (row.format === 'webp' && hasImageUrl.has(row.name)) {
      Object.assign(entry, { webp: url, webp_size: size });
    } else {
      // The image's own dimensions win over its MP4's (which are rounded to even numbers).
      Object.assign(entry, { url, size, width: String(row.width), height: String(row.height) });
    }
    if (row.name === 'original' && row.format === 'gif') {
      Object.assign(entry, { frames: String(row.frames), hash: row.sha256 });
    }
  }
  return images;
}

/**
 * GIPHY's `video` block for a clip: its file with sound under its height class (GIPHY's
 * '360p'/'480p'/'720p' keys) and as `source`. Null until the clip has been rendered.
 */
export function presentVideo(
  rows: ShownRendition[],
  mediaBaseUrl: string,
  description: string,
): Video | null {
  const clip = rows.find((r) => r.name === 'clip');
  if (!clip) return null;
  const asset = { url: mediaUrl(mediaBaseUrl, clip), width: clip.width, height: clip.height };
  const shortSide = Math.min(clip.width, clip.height);
  const heightClass = shortSide > 480 ? '720p' : shortSide > 360 ? '480p' : '360p';
  return {
    assets: { source: asset, [heightClass]: asset },
    description,
    dash_manifest_url: '',
    hls_manifest_url: '',
    native: 'en',
  };
}
