import { describe, expect, it } from 'vitest';
import { SearchCounter } from './search-counter.ts';

describe('SearchCounter', () => {
  const counter = (write: (counts: [string, number][]) => Promise<void>, maxPendingTerms = 3) =>
    new SearchCounter({ write, flushMs: 60_000, onError: () => {}, maxPendingTerms });

  it('writes each term once with its number of searches', async () => {
    const writes: [string, number][][] = [];
    const searches = counter(async (counts) => void writes.push(counts));
    for (const term of ['cat', 'dog', 'cat']) searches.count(term);
    await searches.flush();
    await searches.flush(); // nothing new: no write
    expect(writes).toEqual([
      [
        ['cat', 2],
        ['dog', 1],
      ],
    ]);
  });

  it('keeps the counts of a failed write for the next, and stops taking new terms while writes fail', async () => {
    let failing = true;
    const writes: [string, number][][] = [];
    const searches = counter(async (counts) => {
      if (failing) throw new Error('database away');
      writes.push(counts);
    });
    for (const term of ['cat', 'dog', 'cat']) searches.count(term);
    await expect(searches.flush()).rejects.toThrow('database away');
    for (const term of ['cat', 'owl', 'bat', 'eel']) searches.count(term);
    failing = false;
    await searches.flush();
    expect(writes).toEqual([
      [
        ['cat', 3],
        ['dog', 1],
        ['owl', 1],
      ],
    ]);
    searches.count('bat');
    await searches.flush();
    expect(writes.at(-1)).toEqual([['bat', 1]]);
  });
});
