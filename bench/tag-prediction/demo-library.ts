import sharp from 'sharp';
import { visualFeatures, type VisualFeatures } from '@jiffy/media';
import { demoCatalog } from '../../apps/server/src/app/seed/demo-catalog.ts';
import { renderDemoItem } from '../../apps/server/src/app/seed/demo-sources.ts';

/** One demo item: what the index keeps (first frame) and what a caller would send (frames). */
export interface BenchItem {
  key: string;
  tags: string[];
  still: VisualFeatures;
  frames: VisualFeatures[];
}

const limit = { maxPixels: 4096 * 4096 };

/**
 * Renders the demo library (the seed's own generator) and reads each item as the server does:
 * the first frame for the index (the stored dHash and the `fixed_width_still` are first
 * frames), and frames at a quarter, a half and three quarters as a maker would send.
 */
export async function demoLibrary(): Promise<BenchItem[]> {
  const items: BenchItem[] = [];
  // Clips are MP4s with sound; the tag predictor's index is of GIFs and stickers.
  for (const item of demoCatalog().filter((i) => i.kind !== 'clip')) {
    const { bytes } = await renderDemoItem(item);
    const pages = (await sharp(bytes).metadata()).pages ?? 1;
    const picks = [0.25, 0.5, 0.75].map((at) => Math.min(pages - 1, Math.floor(at * pages)));
    const frames = await Promise.all(
      picks.map(async (page) =>
        visualFeatures(await sharp(bytes, { page, pages: 1 }).png().toBuffer(), limit),
      ),
    );
    items.push({
      key: item.key,
      tags: item.tags,
      still: await visualFeatures(bytes, limit),
      frames,
    });
  }
  return items;
}
