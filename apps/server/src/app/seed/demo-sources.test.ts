import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from './demo-catalog.ts';
import type { DemoItem } from './demo-catalog-types.ts';
import { renderDemoItem, renderDemoLibrary, type DemoSource } from './demo-sources.ts';
import { sceneFor } from './demo-sources-scenes.ts';

const catalog = demoCatalog();

/** The catalog item with this key; fails loudly if the catalog changed under the test. */
function item(key: string): DemoItem {
  const found = catalog.find((i) => i.key === key);
  if (!found) throw new Error(`no demo item ${key}`);
  return found;
}

// A spread of scene styles: SVG shapes, per-pixel plasma, a character; GIF and WebP stickers.
const gifs = ['happy-dance-party', 'lava-lamp-plasma', 'cat-blink'].map(item);
const stickers = ['floating-heart', 'heart-pop', 'wobbly-blob'].map(item);

describe('renderDemoItem', () => {
  const rendered = new Map<string, DemoSource>();

  beforeAll(async () => {
    const results = await Promise.all([...gifs, ...stickers].map((i) => renderDemoItem(i)));
    results.forEach((r, n) => rendered.set([...gifs, ...stickers][n]?.key ?? '', r));
  });

  /** The rendered source for an item rendered in beforeAll. */
  const sourceOf = (i: DemoItem): DemoSource => {
    const source = rendered.get(i.key);
    if (!source) throw new Error(`not rendered: ${i.key}`);
    return source;
  };

  it.each([...gifs, ...stickers].map((i) => [i.key, i] as const))(
    '%s is a small animated file named after its key',
    async (_key, i) => {
      const { filename, bytes } = sourceOf(i);
      expect(filename).toBe(`${i.key}.${i.visual.format}`);
      expect(bytes.length).toBeLessThan(150 * 1024);
      const meta = await sharp(bytes, { animated: true }).metadata();
      expect(meta.format).toBe(i.visual.format);
      expect(meta.pages).toBeGreaterThan(1);
      expect(meta.width).toBeGreaterThanOrEqual(180);
      expect(meta.width).toBeLessThanOrEqual(320);
      expect(meta.pageHeight).toBeGreaterThanOrEqual(180);
      expect(meta.pageHeight).toBeLessThanOrEqual(320);
    },
  );

  it.each(gifs.map((i) => [i.key, i] as const))('%s is opaque on every frame', async (_key, i) => {
    const stats = await sharp(sourceOf(i).bytes, { animated: true }).stats();
    expect(stats.isOpaque).toBe(true);
  });

  it.each(stickers.map((i) => [i.key, i] as const))(
    '%s has alpha, a transparent corner on frame 0 and something drawn',
    async (_key, i) => {
      const { bytes } = sourceOf(i);
      const meta = await sharp(bytes, { animated: true }).metadata();
      expect(meta.hasAlpha).toBe(true);
      const { data, info } = await sharp(bytes, { page: 0 })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect(data[3]).toBe(0); // top-left pixel's alpha
      expect(data[data.length - 1]).toBe(0); // bottom-right pixel's alpha
      const stats = await sharp(bytes, { animated: true }).stats();
      expect(stats.channels[3]?.max).toBe(255);
    },
  );

  it('gives identical bytes for the same item', async () => {
    for (const i of [gifs[1], stickers[1]]) {
      if (!i) throw new Error('sample missing');
      const again = await renderDemoItem(i);
      expect(again.bytes.equals(sourceOf(i).bytes)).toBe(true);
    }
  });
});

describe('demo scenes', () => {
  it('ask for 10–24 frames for every catalog item', () => {
    for (const i of catalog) {
      const { frames } = sceneFor(i);
      expect(frames, i.key).toBeGreaterThanOrEqual(10);
      expect(frames, i.key).toBeLessThanOrEqual(24);
    }
  });
});

describe('renderDemoLibrary', () => {
  it('yields the given items in order with their files', async () => {
    const items = [stickers[0], gifs[0], stickers[2]].filter((i) => i !== undefined);
    const seen: string[] = [];
    for await (const source of renderDemoLibrary({ items, concurrency: 2 })) {
      expect(source.filename).toBe(`${source.item.key}.${source.item.visual.format}`);
      expect(source.bytes.length).toBeGreaterThan(0);
      seen.push(source.item.key);
    }
    expect(seen).toEqual(items.map((i) => i.key));
  });
});
