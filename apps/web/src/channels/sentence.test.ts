import { describe, expect, it } from 'vitest';
import { sentence } from './sentence.ts';

describe('a status line as a sentence', () => {
  it('ends with one full stop, never two marks', () => {
    expect(sentence('Made Kittens')).toBe('Made Kittens.');
    expect(sentence('Made Yay!')).toBe('Made Yay!');
    expect(sentence('Made Why?')).toBe('Made Why?');
    expect(sentence('Made Etc.')).toBe('Made Etc.');
    expect(sentence('Made Wait…')).toBe('Made Wait…');
    expect(sentence('Made “Hi!”')).toBe('Made “Hi!”');
  });
});
