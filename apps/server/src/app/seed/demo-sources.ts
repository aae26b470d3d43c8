import { demoCatalog } from './demo-catalog.ts';
import type { DemoAspect, DemoItem } from './demo-catalog-types.ts';
import { renderDemoClip } from './demo-sources-clip.ts';
import { encodeAnimation } from './demo-sources-encode.ts';
import { drawLoop, frameDelays } from './demo-sources-frames.ts';
import { hashString } from './demo-sources-random.ts';

/** One rendered demo file, ready for the upload pipeline. */
export interface DemoSource {
  filename: string;
  bytes: Buffer;
}

type Size = readonly [width: number, height: number];

// A few sizes per aspect, picked by key hash, so tiles differ even within one shape.
// All stay at or under 320×240's pixel count to keep renditions quick.
const gifSizes: Record<DemoAspect, readonly [Size, ...Size[]]> = {
  landscape: [
    [320, 240],
    [300, 200],
    [288, 216],
  ],
  square: [
    [240, 240],
    [256, 256],
  ],
  portrait: [
    [180, 240],
    [216, 288],
    [240, 320],
  ],
};

const stickerSizes: Record<DemoAspect, readonly [Size, ...Size[]]> = {
  landscape: [[280, 200]],
  square: [
    [200, 200],
    [240, 240],
  ],
  portrait: [[200, 280]],
};

/**
 * Draws one catalog item as a file for the upload pipeline: an opaque GIF for `kind: 'gif'`,
 * a GIF or WebP on a transparent background for stickers, an MP4 with sound for clips.
 * The same item always gives the same picture and sound (GIF and WebP: the same bytes).
 */
export async function renderDemoItem(item: DemoItem): Promise<DemoSource> {
  if (item.kind === 'clip') return renderDemoClip(item);
  const seed = hashString(item.key);
  const sizes = (item.kind === 'gif' ? gifSizes : stickerSizes)[item.visual.aspect];
  const [width, height] = sizes[seed % sizes.length] ?? sizes[0];
  const transparent = item.kind === 'sticker';
  const { frames, colours } = drawLoop({ item, width, height, transparent });
  const bytes = await encodeAnimation({
    frames,
    width,
    height,
    delayMs: frameDelays[item.visual.speed],
    format: item.visual.format,
    transparent,
    ...(colours === undefined ? {} : { colours }),
  });
  return { filename: `${item.key}.${item.visual.format}`, bytes };
}

/** Options for `renderDemoLibrary`. */
export interface RenderDemoLibraryOptions {
  /** Items rendered at once (default 2); sharp spreads each over its own thread pool too. */
  concurrency?: number;
  /** What to render; defaults to the whole `demoCatalog()`. */
  items?: readonly DemoItem[];
}

/**
 * Renders the demo library, yielding in catalog order while up to `concurrency` items
 * render ahead, so the caller can upload one while the next ones are being drawn.
 */
export async function* renderDemoLibrary(
  options: RenderDemoLibraryOptions = {},
): AsyncGenerator<DemoSource & { item: DemoItem }> {
  const items = options.items ?? demoCatalog();
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
  const pending: Promise<DemoSource>[] = [];
  let next = 0;
  const fill = (): void => {
    while (next < items.length && pending.length < concurrency) {
      const item = items[next++];
      if (item === undefined) break;
      const job = renderDemoItem(item);
      // A failure surfaces when its turn comes; until then, don't let it count as unhandled.
      job.catch(() => undefined);
      pending.push(job);
    }
  };
  fill();
  for (const item of items) {
    const job = pending.shift();
    if (job === undefined) break;
    fill();
    const source = await job;
    yield { item, ...source };
  }
}
