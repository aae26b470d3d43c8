import { renditionNames, type Images, type Rendition, type Video } from '@jiffy/contracts';
import type { RenditionRow } from '../../platform/db/schema.ts';

/** What a GIF object shows of a rendition. */
export type ShownRendition = Pick<
  RenditionRow,
  'gif_id' | 'name' | 'format' | 'width' | 'height' | 'frames' | 'bytes' | 'sha256'
>;

const giphyNames: ReadonlySet<string> = new Set(renditionNames);

/** Absolute URL of a rendition file: `<MEDIA_BASE_URL>/<gif id>/<name>.<format>`. */
export function mediaUrl(
  mediaBaseUrl: string,
  row: Pick<RenditionRow, 'gif_id' | 'name' | 'format'>,
) {
  return `${mediaBaseUrl}/${row.gif_id}/${row.name}.${row.format}`;
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
