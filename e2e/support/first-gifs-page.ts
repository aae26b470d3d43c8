import type { Page } from 'playwright-core';
import { animatedImage } from '../../apps/server/testing/fixtures.ts';
import { insertGifRow } from '../../apps/server/testing/gif-rows.ts';
import type { TestJiffy } from '../../apps/server/testing/test-jiffy.ts';

/** A grid tile on a page, where it stands (CSS pixels, from the document's top left). */
export interface Tile {
  id: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * `count` GIFs tagged "robot": three real ones through the pipeline, then GIF rows sharing
 * their renditions (the same files), so a list has a second page without processing dozens of
 * uploads. The square one has an `original` wider than a desktop tile and narrower than a
 * phone's tile in device pixels, where the site's grid and the server's markup once picked
 * different files.
 */
export async function seedRobots(t: TestJiffy, count: number): Promise<void> {
  // All at once: one is sent and probed while another is processed, and no wait for the
  // next poll of the first stands between them.
  const real = await Promise.all(
    [
      { width: 200, height: 120 },
      { width: 150, height: 200 },
      { width: 300, height: 300 },
    ].map(async (size, i) => {
      const bytes = await animatedImage({ ...size, frames: 2 });
      return t.uploadAndWait({ name: 'g.gif', bytes }, { title: `Robot ${i}`, tags: 'robot' });
    }),
  );
  const { gifRepository, renditionRepository } = t.jiffy.services;
  for (let i = 0; i < count - real.length; i++) {
    const source = (await gifRepository.findById(real[i % real.length]!))!;
    const id = `robotcopy${String(i).padStart(2, '0')}`;
    await insertGifRow(gifRepository, {
      id,
      title: `Robot copy ${i}`,
      tags: ['robot'],
      width: source.width,
      height: source.height,
      frames: source.frames,
      duration_ms: source.duration_ms,
      original_bytes: source.original_bytes,
      original_key: source.original_key,
      ready_at: new Date(),
    });
    const renditions = await renditionRepository.listForGifs([source.id]);
    await renditionRepository.upsertMany(
      renditions.map(({ created_at: _created, ...r }) => ({ ...r, gif_id: id })),
    );
  }
}

/**
 * The grid tiles on the page, where they stand: in the document, or `inGrid`, from their grid's
 * top left (for two loads of a page whose text above the grid may differ: the trending searches
 * are a kept answer of their own, renewed between the loads when it expires).
 */
export const tilesOf = (page: Page, options: { inGrid?: boolean } = {}): Promise<Tile[]> =>
  page.locator('.gif-grid .jiffy-gif').evaluateAll(
    (tiles, inGrid) =>
      tiles.map((tile) => {
        const box = tile.getBoundingClientRect();
        const origin = inGrid
          ? tile.closest('.gif-grid')!.getBoundingClientRect()
          : { left: -scrollX, top: -scrollY };
        return {
          id: tile.getAttribute('data-gif-id')!,
          left: Math.round(box.left - origin.left),
          top: Math.round(box.top - origin.top),
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      }),
    options.inGrid ?? false,
  );

/** How many tiles have their image loaded and stand inside the first screen. */
export const shownTiles = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLImageElement>('.gif-grid .jiffy-gif img')].filter((img) => {
        const box = img.getBoundingClientRect();
        return img.complete && img.naturalWidth > 1 && box.top < innerHeight && box.height > 0;
      }).length,
  );
