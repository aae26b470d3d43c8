import type { Gif } from '@jiffy/contracts';
import { describe, expect, it } from 'vitest';
import type { GifsResult } from './client.ts';
import { GifPager } from './paging.ts';

function page(ids: string[], offset: number, total: number): GifsResult {
  return {
    data: ids.map((id) => ({ id }) as Gif),
    pagination: { total_count: total, count: ids.length, offset },
    meta: { status: 200, msg: 'OK', response_id: 'r' },
  };
}

describe('GifPager (when paging is done)', () => {
  it('pages to the end by total_count', async () => {
    const all = ['a', 'b', 'c', 'd', 'e'];
    const offsets: number[] = [];
    const pager = new GifPager((offset) => {
      offsets.push(offset);
      return Promise.resolve(page(all.slice(offset, offset + 2), offset, all.length));
    });
    const got: string[] = [];
    while (!pager.done) got.push(...(await pager.next()).map((gif) => gif.id));
    expect(got).toEqual(all);
    expect(offsets).toEqual([0, 2, 4]);
    await expect(pager.next()).resolves.toEqual([]);
  });

  it('is done when a page adds nothing new, and shares a pending load', async () => {
    let calls = 0;
    const pager = new GifPager((offset) => {
      calls += 1;
      return Promise.resolve(page(['a', 'b'], offset, 100));
    });
    const [first, second] = await Promise.all([pager.next(), pager.next()]);
    expect(first).toBe(second);
    expect(calls).toBe(1);
    expect(pager.done).toBe(false);
    await expect(pager.next()).resolves.toEqual([]);
    expect(pager.done).toBe(true);
  });

  it('goes on after a first page it was given, without asking for it or repeating its GIFs', async () => {
    const offsets: number[] = [];
    const pager = new GifPager(
      (offset) => {
        offsets.push(offset);
        // The list moved on: 'b' of the first page comes again on the second.
        return Promise.resolve(page(['b', 'c', 'd'], offset, 5));
      },
      page(['a', 'b'], 0, 5),
    );
    expect(pager.done).toBe(false);
    expect((await pager.next()).map((gif) => gif.id)).toEqual(['c', 'd']);
    expect(offsets).toEqual([2]);
  });

  it('is done at once when the first page it was given is empty or the whole list', () => {
    expect(new GifPager(() => Promise.reject(new Error('no call')), page([], 0, 0)).done).toBe(
      true,
    );
    expect(new GifPager(() => Promise.reject(new Error('no call')), page(['a'], 0, 1)).done).toBe(
      true,
    );
  });
});
