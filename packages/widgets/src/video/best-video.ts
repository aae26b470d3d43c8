import type { Gif } from '@jiffy/contracts';

/** One playable file of a GIF: a clip's asset, or an MP4 rendition of its images. */
export interface VideoFile {
  url: string;
  width: number;
  height: number;
}

/**
 * Every file the Video widget could play: a clip's `video.assets` (with sound), or else the MP4
 * renditions every Jiffy GIF has (silent loops). Empty means the GIF has no video content.
 */
export function videoFilesOf(gif: Gif): VideoFile[] {
  const assets = Object.values(gif.video?.assets ?? {}).filter((a) => a.url);
  if (assets.length > 0) return dedupe(assets);
  const mp4s = Object.values(gif.images)
    .filter((r) => r?.mp4)
    .map((r) => ({ url: r.mp4!, width: Number(r.width), height: Number(r.height) }));
  return dedupe(mp4s);
}

function dedupe(files: VideoFile[]): VideoFile[] {
  const byUrl = new Map(files.map((f) => [f.url, f]));
  return [...byUrl.values()].sort((a, b) => a.width * a.height - b.width * b.height);
}

/**
 * The best-fitting video for a box: the smallest file at least as wide and as tall as the box
 * at the screen's pixel ratio, or the largest there is.
 */
export function bestVideo(
  files: VideoFile[],
  width: number,
  height: number,
  pixelRatio = 1,
): VideoFile | undefined {
  return (
    files.find((f) => f.width >= width * pixelRatio && f.height >= height * pixelRatio) ??
    files.at(-1)
  );
}
