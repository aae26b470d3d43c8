import type { SourceFrame } from '../maker/draw-frame.ts';

/** Photos are worked on at most this many pixels on their long side: phones take 4000+. */
export const MAX_PHOTO_SIDE = 1080;

/** The picture a scene is built on, decoded once, and where it came from. */
export interface Photo extends SourceFrame {
  image: ImageBitmap;
  label: string;
}

/** `width` × `height` scaled down (never up) to fit `max` on the long side, whole pixels. */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_PHOTO_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * A photo from the device, decoded by the browser and downscaled. Anything the browser does
 * not decode as a picture is refused with a message that says so.
 */
export async function loadPhoto(file: File): Promise<Photo> {
  const refused = new Error(`“${file.name}” is not a picture. Choose a photo (JPEG, PNG, WebP…).`);
  // Some systems give no type; the decoder then decides.
  if (file.type && !file.type.startsWith('image/')) throw refused;
  let decoded: ImageBitmap;
  try {
    decoded = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw refused;
  }
  return downscaled(decoded, file.name);
}

/** The camera's current picture, as a photo. */
export async function photoFromVideo(video: HTMLVideoElement): Promise<Photo> {
  return downscaled(await createImageBitmap(video), 'the camera');
}

async function downscaled(decoded: ImageBitmap, label: string): Promise<Photo> {
  const size = fitWithin(decoded.width, decoded.height);
  if (size.width === decoded.width && size.height === decoded.height)
    return { image: decoded, ...size, label };
  const image = await createImageBitmap(decoded, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: 'high',
  });
  decoded.close();
  return { image, ...size, label };
}
