import { describe, expect, it } from 'vitest';
import { parseRole } from './args.ts';
import { tagsFromFileName, titleFromFileName } from './file-name-tags.ts';

describe('import file names', () => {
  it('makes tags and a title from the words of a file name', () => {
    expect(tagsFromFileName('happy-dance_Cat 2.gif')).toEqual(['happy', 'dance', 'cat']);
    expect(titleFromFileName('happy-dance_Cat 2.gif')).toBe('Happy Dance Cat');
    expect(tagsFromFileName('día-de-fiesta.webp')).toEqual(['día', 'de', 'fiesta']);
    expect(tagsFromFileName('1234.mp4')).toEqual([]);
  });
});

describe('--role', () => {
  it('accepts all, api and worker, defaulting to all', () => {
    expect(parseRole([])).toBe('all');
    expect(parseRole(['--role=worker'])).toBe('worker');
    expect(parseRole(['--role=api'])).toBe('api');
    expect(() => parseRole(['--role=admin'])).toThrow(/unknown role/);
  });
});
