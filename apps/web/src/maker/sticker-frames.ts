/** A sticker's animation as pictures a canvas can draw, each with when it starts. */
export interface StickerFrames {
  frames: { image: ImageBitmap; start: number }[];
  /** One loop, in seconds (0 for a still). */
  duration: number;
  width: number;
  height: number;
}

/**
 * The sticker's frame at time `t` of the GIF, its own loop repeating: the same moment in the
 * preview and the render, unlike an `<img>`'s own clock.
 */
export function stickerFrameAt(sticker: StickerFrames, t: number): ImageBitmap {
  const { frames, duration } = sticker;
  const at = duration > 0 ? t % duration : 0;
  let shown = frames[0]!;
  for (const frame of frames) if (frame.start <= at) shown = frame;
  return shown.image;
}

/** Frames over this many are dropped: a sticker is a short loop, and each frame is a bitmap. */
const MAX_FRAMES = 120;

/**
 * Fetches an animated sticker and decodes every frame (WebCodecs' ImageDecoder); where that is
 * missing, its first frame only.
 */
export async function loadStickerFrames(url: string, signal?: AbortSignal): Promise<StickerFrames> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`The sticker did not load (${response.status}).`);
  const blob = await response.blob();
  if (typeof ImageDecoder === 'undefined') return still(await createImageBitmap(blob));
  const decoder = new ImageDecoder({ data: await blob.arrayBuffer(), type: blob.type });
  try {
    await decoder.tracks.ready;
    const count = Math.min(MAX_FRAMES, decoder.tracks.selectedTrack?.frameCount ?? 1);
    const frames: StickerFrames['frames'] = [];
    let start = 0;
    for (let frameIndex = 0; frameIndex < count; frameIndex++) {
      const { image } = await decoder.decode({ frameIndex });
      frames.push({ image: await createImageBitmap(image), start });
      // Durations are in microseconds; a frame without one shows for 0.1 s (browsers' habit).
      start += (image.duration ?? 100_000) / 1e6 || 0.1;
      image.close();
    }
    const first = frames[0]!.image;
    return { frames, duration: count > 1 ? start : 0, width: first.width, height: first.height };
  } finally {
    decoder.close();
  }
}

function still(image: ImageBitmap): StickerFrames {
  return { frames: [{ image, start: 0 }], duration: 0, width: image.width, height: image.height };
}
