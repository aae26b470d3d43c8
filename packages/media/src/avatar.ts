import path from 'node:path';
import fsp from 'node:fs/promises';
import sharp, { type ResizeOptions } from 'sharp';
import { pixelBudget } from './probe/pixel-budget.ts';
import { mediaErrorFromSharp } from './sharp-errors.ts';
import { MediaError, type MediaLimits, type MediaProbe } from './types.ts';
import { inSharpSlot } from './sharp-slots.ts';

/** The avatar sizes plus the avatar itself (fit in 512 px): 80 and 200 px high, 200 px wide. */
export const avatarVariants = ['original', '80h', '200h', '200w'] as const;
export type AvatarVariant = (typeof avatarVariants)[number];

/** Animated avatars keep at most this many frames; a profile picture needs no more. */
export const AVATAR_MAX_FRAMES = 120;
const ORIGINAL_MAX_SIDE = 512;

export interface AvatarFile {
  variant: AvatarVariant;
  path: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Renders an avatar's GIF variants from an image that already passed the upload checks (sniff,
 * probe, limits). Animation is kept (up to AVATAR_MAX_FRAMES frames), transparency as GIF allows.
 * Video sources are refused: an avatar is an image.
 */
export async function renderAvatar(options: {
  source: string;
  probe: MediaProbe;
  outDir: string;
  limits: MediaLimits;
}): Promise<AvatarFile[]> {
  const { probe } = options;
  if (probe.kind !== 'image') {
    throw new MediaError('unsupported_media_type', 'An avatar must be a GIF, WebP or PNG image.');
  }
  const frames = Math.min(probe.frames, AVATAR_MAX_FRAMES);
  const animated = probe.animated && probe.format !== 'apng' && frames > 1;
  const open = () =>
    sharp(options.source, {
      animated,
      ...(animated ? { pages: frames } : {}),
      limitInputPixels: pixelBudget(probe, frames),
      failOn: 'error',
    }).timeout({ seconds: Math.max(1, Math.ceil(options.limits.processTimeoutMs / 1000)) });

  await fsp.mkdir(options.outDir, { recursive: true });
  const files: AvatarFile[] = [];
  for (const variant of avatarVariants) {
    const file = path.join(options.outDir, `${variant}.gif`);
    try {
      const info = await inSharpSlot(() =>
        open().resize(resizeFor(variant)).gif({ effort: 4, loop: 0 }).toFile(file),
      );
      const frameHeight = animated ? info.height / (info.pages ?? frames) : info.height;
      files.push({
        variant,
        path: file,
        width: info.width,
        height: Math.round(frameHeight),
        bytes: info.size,
      });
    } catch (error) {
      throw mediaErrorFromSharp(error, `Rendering the ${variant} avatar`);
    }
  }
  return files;
}

function resizeFor(variant: AvatarVariant): ResizeOptions {
  switch (variant) {
    case 'original':
      return {
        width: ORIGINAL_MAX_SIDE,
        height: ORIGINAL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      };
    case '80h':
      return { height: 80 };
    case '200h':
      return { height: 200 };
    case '200w':
      return { width: 200 };
  }
}
