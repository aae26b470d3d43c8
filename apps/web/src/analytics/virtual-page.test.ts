import { afterEach, describe, expect, it, vi } from 'vitest';
import { virtualPageUrl } from './virtual-page.ts';

const api = 'https://jiffy.example';

describe('virtual page views', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts search pages of 25 by default, or of the limit asked', () => {
    expect(virtualPageUrl(`${api}/v1/gifs/search?q=cats`)).toBe('/search/cats/1');
    expect(virtualPageUrl(`${api}/v1/gifs/search?q=cats&offset=25`)).toBe('/search/cats/2');
    expect(virtualPageUrl(`${api}/v1/gifs/search?q=funny%20cats&offset=20&limit=10`)).toBe(
      '/search/funny%20cats/3',
    );
  });

  it('rewrites related GIFs, channel feeds and channel searches', () => {
    expect(virtualPageUrl(`${api}/v1/gifs/related?gif_id=abc123&offset=50`)).toBe(
      '/gifs/abc123/related/3',
    );
    expect(virtualPageUrl(`${api}/v1/gifs/search?q=%40ada&offset=0&limit=25`)).toBe(
      '/channels/ada/page/1',
    );
    expect(virtualPageUrl(`${api}/v1/gifs/search?q=%40ada+robots&offset=25`)).toBe(
      '/channel/ada/search/robots/page/2',
    );
    // A search inside a sub-channel keeps the channel's path.
    expect(virtualPageUrl(`${api}/v1/gifs/search?q=%40ada%2Fcats%2Fsmall-ones+nap&offset=50`)).toBe(
      '/channel/ada/cats/small-ones/search/nap/page/3',
    );
  });

  it('puts sticker search and trending under the sticker maker', () => {
    expect(virtualPageUrl(`${api}/v1/stickers/search?q=hi&offset=25`)).toBe(
      '/create/gifmaker/decorate/stickers/search/hi/2',
    );
    expect(virtualPageUrl(`${api}/v1/stickers/trending`)).toBe(
      '/create/gifmaker/decorate/stickers/trending/1',
    );
  });

  it('logs a warning and gives nothing for a URL it cannot read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(virtualPageUrl('not a url')).toBeNull();
    expect(virtualPageUrl(`${api}/v1/gifs/related?gif_id=%3Cx%3E`)).toBeNull();
    expect(virtualPageUrl(`${api}/v1/unknown`)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]![0]).toContain('not a url');
  });
});
