import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { emptyImageCache } from './image-cache.ts';

const limits = sharp.cache();
afterAll(() => {
  sharp.cache({ memory: limits.memory.max, files: limits.files.max, items: limits.items.max });
});

it('empties libvips’ operation cache and keeps its limits', async () => {
  sharp.cache({ memory: 40, files: 7, items: 90 });
  for (let width = 40; width < 60; width++)
    await sharp({ create: { width, height: 30, channels: 3, background: '#808080' } })
      .resize(20)
      .png()
      .toBuffer();
  expect(sharp.cache().items.current).toBeGreaterThan(0);

  emptyImageCache();

  const after = sharp.cache();
  expect(after.items.current).toBe(0);
  expect(after.memory.current).toBe(0);
  expect([after.memory.max, after.files.max, after.items.max]).toEqual([40, 7, 90]);
});
