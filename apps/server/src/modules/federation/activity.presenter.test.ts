import type { Gif } from '@jiffy/contracts';
import { describe, expect, it } from 'vitest';
import { contentHashOf, noteGifOf } from './activity.presenter.ts';

const gif = (changes: Partial<Gif> = {}): Gif =>
  ({
    type: 'gif',
    id: 'abc123',
    url: 'https://gifs.example.org/gifs/cat-abc123',
    title: 'Cat',
    alt_text: 'A cat waves',
    tags: ['cat'],
    rating: 'g',
    images: {
      original: {
        width: '320',
        height: '240',
        url: 'https://media.example.org/abc123/giphy.gif',
        mp4: 'https://media.example.org/abc123/giphy.mp4',
      },
    },
    ...changes,
  }) as unknown as Gif;

describe('what a Note shows of a GIF', () => {
  it('attaches the MP4 and the GIF of its original size, with the alt text', () => {
    expect(noteGifOf(gif())).toEqual({
      title: 'Cat',
      altText: 'A cat waves',
      tags: ['cat'],
      rating: 'g',
      pageUrl: 'https://gifs.example.org/gifs/cat-abc123',
      files: [
        {
          mediaType: 'video/mp4',
          url: 'https://media.example.org/abc123/giphy.mp4',
          width: 320,
          height: 240,
        },
        {
          mediaType: 'image/gif',
          url: 'https://media.example.org/abc123/giphy.gif',
          width: 320,
          height: 240,
        },
      ],
    });
    // No alt text: the title stands in for it.
    expect(noteGifOf(gif({ alt_text: '' })).altText).toBe('Cat');
  });

  it('changes its hash only when something the Note shows changes', () => {
    const before = contentHashOf(noteGifOf(gif()));
    expect(contentHashOf(noteGifOf(gif({ analytics_response_payload: 'other' })))).toBe(before);
    expect(contentHashOf(noteGifOf(gif({ title: 'Kitten' })))).not.toBe(before);
    expect(contentHashOf(noteGifOf(gif({ rating: 'r' })))).not.toBe(before);
  });
});
