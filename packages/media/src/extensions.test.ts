import { describe, expect, it } from 'vitest';
import { assertExtension, extensionVerdict, formatMatchesExtension } from './extensions.ts';
import { MediaError } from './types.ts';

describe('formatMatchesExtension', () => {
  it('accepts the extensions of each format, in any case', () => {
    expect(formatMatchesExtension('gif', 'cat.gif')).toBe(true);
    expect(formatMatchesExtension('gif', 'CAT.GIF')).toBe(true);
    expect(formatMatchesExtension('mp4', 'clip.mp4')).toBe(true);
    expect(formatMatchesExtension('mp4', 'clip.m4v')).toBe(true);
    expect(formatMatchesExtension('mov', 'clip.mov')).toBe(true);
    expect(formatMatchesExtension('mov', 'clip.qt')).toBe(true);
    expect(formatMatchesExtension('webm', 'clip.webm')).toBe(true);
    expect(formatMatchesExtension('webp', 'a.webp')).toBe(true);
    expect(formatMatchesExtension('apng', 'a.png')).toBe(true);
    expect(formatMatchesExtension('png', 'a.apng')).toBe(true);
  });

  it('rejects a name that claims another format', () => {
    expect(formatMatchesExtension('png', 'sneaky.gif')).toBe(false);
    expect(formatMatchesExtension('mov', 'clip.mp4')).toBe(false);
    expect(extensionVerdict('png', 'sneaky.gif')).toBe('mismatch');
  });

  it('calls extensions Jiffy never takes unsupported', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'notes.txt']) {
      expect(extensionVerdict('gif', name)).toBe('unsupported');
      expect(formatMatchesExtension('gif', name)).toBe(false);
    }
  });

  it('accepts names without an extension', () => {
    expect(extensionVerdict('gif', 'upload')).toBe('none');
    expect(formatMatchesExtension('gif', 'upload')).toBe(true);
    expect(formatMatchesExtension('gif', '.hidden')).toBe(true);
    expect(formatMatchesExtension('gif', 'dir.d/upload')).toBe(true);
  });

  it('ignores a URL query and directories', () => {
    expect(formatMatchesExtension('gif', 'https://x.test/a/cat.gif?size=2')).toBe(true);
    expect(formatMatchesExtension('gif', 'C:\\uploads\\cat.png')).toBe(false);
  });
});

describe('assertExtension', () => {
  it('throws the code the server answers with', () => {
    expect(() => assertExtension('gif', 'cat.gif')).not.toThrow();
    const code = (fn: () => void): string | undefined => {
      try {
        fn();
      } catch (error) {
        return error instanceof MediaError ? error.code : 'other';
      }
      return undefined;
    };
    expect(code(() => assertExtension('png', 'cat.gif'))).toBe('media_type_mismatch');
    expect(code(() => assertExtension('gif', 'cat.jpg'))).toBe('unsupported_media_type');
  });
});
