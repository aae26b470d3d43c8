import { describe, expect, it } from 'vitest';
import { distinctCovers } from './distinct-covers.ts';

describe('distinctCovers: a cover for each category, none shared while another candidate exists', () => {
  it('keeps each category its best cover when they already differ', () => {
    expect(distinctCovers([['a', 'b'], ['c'], ['d', 'a']])).toEqual(['a', 'c', 'd']);
  });

  it('gives a later category its next best when an earlier one holds its best', () => {
    expect(
      distinctCovers([
        ['a', 'b'],
        ['a', 'c'],
      ]),
    ).toEqual(['a', 'c']);
  });

  it('moves an earlier category to its next best when a later one has no other candidate', () => {
    // Taking candidates greedily would give both "a".
    expect(distinctCovers([['a', 'b'], ['a']])).toEqual(['b', 'a']);
    // Through a chain: the third can only have "b", so the second moves to "c", the first keeps "a".
    expect(distinctCovers([['a', 'b'], ['b', 'c'], ['b']])).toEqual(['a', 'c', 'b']);
  });

  it('shares the best cover only when no choice lets them differ, and gives none to a category without candidates', () => {
    expect(distinctCovers([['a'], ['a'], []])).toEqual(['a', 'a', undefined]);
    expect(
      distinctCovers([
        ['a', 'b'],
        ['a', 'b'],
        ['a', 'b'],
      ]),
    ).toEqual(['a', 'b', 'a']);
  });
});
