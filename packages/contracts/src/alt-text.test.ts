import { describe, expect, it } from 'vitest';
import { ALT_TEXT_TAGS, gifAltText } from './alt-text.ts';

describe('gifAltText', () => {
  it('says the creator’s alt text when there is one, trimmed', () => {
    expect(
      gifAltText({ alt_text: '  A cat asleep on a keyboard ', title: 'Cat', tags: ['cat'] }),
    ).toBe('A cat asleep on a keyboard');
  });

  it('falls back to the title and the tags the title does not already say', () => {
    expect(gifAltText({ alt_text: '', title: 'Moon hop', tags: ['space', 'night sky'] })).toBe(
      'Moon hop: space, night sky',
    );
    expect(
      gifAltText({ alt_text: ' ', title: 'Waving robot', tags: ['robot', 'Waving', 'fun'] }),
    ).toBe('Waving robot: fun');
    expect(gifAltText({ title: 'Moon 2', tags: ['moon'] })).toBe('Moon 2');
  });

  it('names a few tags, not all thirty', () => {
    const tags = Array.from({ length: 30 }, (_, i) => `tag${i}`);
    expect(gifAltText({ title: 'Busy', tags })).toBe(
      `Busy: ${tags.slice(0, ALT_TEXT_TAGS).join(', ')}`,
    );
  });

  it('says the tags of an untitled GIF, and never nothing', () => {
    expect(gifAltText({ alt_text: '', title: '', tags: ['dance', 'party'] })).toBe('dance, party');
    expect(gifAltText({ alt_text: '', title: ' ', tags: [] })).toBe('Untitled GIF');
    expect(gifAltText({ type: 'sticker' })).toBe('Untitled sticker');
    expect(gifAltText({ type: 'video', alt_text: null, title: null, tags: null })).toBe(
      'Untitled clip',
    );
  });

  it('keeps a tag with no letters or digits, which a screen reader still names', () => {
    expect(gifAltText({ title: 'Cat', tags: ['🐱'] })).toBe('Cat: 🐱');
  });
});
