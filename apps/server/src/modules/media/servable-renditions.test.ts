import { describe, expect, it } from 'vitest';
import type { RenditionRow } from '../../platform/db/schema.ts';
import { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import { ServableRenditions } from './servable-renditions.ts';

/** A source that counts its queries; `gate` holds them until released. */
function source(servable = new Set(['a', 'b', 'c'])) {
  const asked: string[] = [];
  let gate: Promise<void> | undefined;
  return {
    asked,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
    async findServable(gifId: string, name: string, format: string) {
      asked.push(`${gifId}/${name}.${format}`);
      if (gate) await gate;
      return servable.has(gifId)
        ? ({
            gif_id: gifId,
            name,
            format,
            storage_key: `gifs/${gifId}/${name}.${format}`,
          } as RenditionRow)
        : undefined;
    },
    async isRemoved() {
      return false;
    },
  };
}

describe('ServableRenditions', () => {
  it('asks the database once per file while the GIF is kept', async () => {
    const db = source();
    const kept = new ServableRenditions({
      source: db,
      ttlMs: 60_000,
      maxGifs: 10,
      caches: new CacheRegistry(),
    });
    expect((await kept.find('a', 'original', 'gif'))?.storage_key).toBe('gifs/a/original.gif');
    expect((await kept.find('a', 'original', 'gif'))?.storage_key).toBe('gifs/a/original.gif');
    await kept.find('a', 'original', 'webp');
    expect(db.asked).toEqual(['a/original.gif', 'a/original.webp']);
    expect([kept.hits, kept.misses]).toEqual([1, 2]);
  });

  it('keeps no answer for a file that is not servable (it may become ready)', async () => {
    const db = source();
    const kept = new ServableRenditions({
      source: db,
      ttlMs: 60_000,
      maxGifs: 10,
      caches: new CacheRegistry(),
    });
    expect(await kept.find('x', 'original', 'gif')).toBeUndefined();
    expect(await kept.find('x', 'original', 'gif')).toBeUndefined();
    expect(db.asked).toHaveLength(2);
  });

  it('asks again for a GIF once it is forgotten, or once everything is', async () => {
    const db = source();
    const kept = new ServableRenditions({
      source: db,
      ttlMs: 60_000,
      maxGifs: 10,
      caches: new CacheRegistry(),
    });
    await kept.find('a', 'original', 'gif');
    await kept.find('b', 'original', 'gif');
    kept.forget('a');
    await kept.find('a', 'original', 'gif');
    await kept.find('b', 'original', 'gif');
    expect(db.asked).toEqual(['a/original.gif', 'b/original.gif', 'a/original.gif']);
    kept.forget(null);
    await kept.find('a', 'original', 'gif');
    await kept.find('b', 'original', 'gif');
    expect(db.asked).toHaveLength(5);
  });

  it('does not keep a row read while a purge happened (it may predate the takedown)', async () => {
    const db = source();
    const kept = new ServableRenditions({
      source: db,
      ttlMs: 60_000,
      maxGifs: 10,
      caches: new CacheRegistry(),
    });
    const release = db.hold();
    const reading = kept.find('a', 'original', 'gif');
    kept.forget('a');
    release();
    await reading;
    await kept.find('a', 'original', 'gif');
    expect(db.asked).toEqual(['a/original.gif', 'a/original.gif']);
  });

  it('asks again once ttlMs has passed', async () => {
    const db = source();
    let now = 1_000;
    const kept = new ServableRenditions({
      source: db,
      ttlMs: 100,
      maxGifs: 10,
      caches: new CacheRegistry(),
      now: () => now,
    });
    await kept.find('a', 'original', 'gif');
    now += 99;
    await kept.find('a', 'original', 'gif');
    now += 1;
    await kept.find('a', 'original', 'gif');
    expect(db.asked).toHaveLength(2);
  });

  it('keeps at most maxGifs GIFs, dropping the one used longest ago', async () => {
    const db = source();
    const kept = new ServableRenditions({
      source: db,
      ttlMs: 60_000,
      maxGifs: 2,
      caches: new CacheRegistry(),
    });
    await kept.find('a', 'original', 'gif');
    await kept.find('b', 'original', 'gif');
    await kept.find('a', 'original', 'gif'); // a is now the more recently used
    await kept.find('c', 'original', 'gif'); // b goes
    expect(kept.size).toBe(2);
    db.asked.length = 0;
    await kept.find('a', 'original', 'gif');
    await kept.find('c', 'original', 'gif');
    await kept.find('b', 'original', 'gif');
    expect(db.asked).toEqual(['b/original.gif']);
  });

  it('keeps nothing with maxGifs 0', async () => {
    const db = source();
    const kept = new ServableRenditions({
      source: db,
      ttlMs: 60_000,
      maxGifs: 0,
      caches: new CacheRegistry(),
    });
    await kept.find('a', 'original', 'gif');
    await kept.find('a', 'original', 'gif');
    expect(db.asked).toHaveLength(2);
    expect(kept.size).toBe(0);
  });
});
