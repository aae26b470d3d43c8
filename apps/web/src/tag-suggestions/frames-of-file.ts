/** The longest side of a frame sent for suggestions: enough to compare looks, small to send. */
const FRAME_SIDE = 256;

/**
 * A few frames of a picture or video file as PNG data URLs (what `/ajax/tags/prediction/`
 * takes): the first frame of an image or animation (the browser decodes its first frame),
 * or three moments of a video. Empty if the browser cannot decode it.
 */
export async function framesOfFile(file: File): Promise<string[]> {
  try {
    if (file.type.startsWith('video/')) return await videoFrames(file);
    const bitmap = await createImageBitmap(file);
    return [draw(bitmap, bitmap.width, bitmap.height)];
  } catch {
    return [];
  }
}

function draw(source: CanvasImageSource, width: number, height: number): string {
  const scale = Math.min(1, FRAME_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d')!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

async function videoFrames(file: File): Promise<string[]> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  const url = URL.createObjectURL(file);
  try {
    video.src = url;
    await once(video, 'loadeddata');
    const frames: string[] = [];
    for (const at of [0.25, 0.5, 0.75]) {
      video.currentTime = (video.duration || 0) * at;
      await once(video, 'seeked');
      frames.push(draw(video, video.videoWidth, video.videoHeight));
    }
    return frames;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function once(target: HTMLMediaElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    target.addEventListener(event, () => resolve(), { once: true });
    target.addEventListener('error', () => reject(new Error('not decodable')), { once: true });
  });
}
