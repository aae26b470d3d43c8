// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { fetchVimeoOembed, VimeoPlayer, vimeoUrl } from './video-site-player.ts';

describe('the video-site wrapper', () => {
  afterEach(() => document.body.replaceChildren());

  it('throws TypeErrors for an invalid element, event name, callback or missing value', () => {
    expect(() => new VimeoPlayer(null)).toThrow(
      new TypeError('You must pass either a valid element or a valid id.'),
    );
    expect(() => new VimeoPlayer(document.createElement('div'))).toThrow(TypeError);
    const frame = document.body.appendChild(document.createElement('iframe'));
    const player = new VimeoPlayer(frame);
    expect(() => player.on('', () => undefined)).toThrow(
      new TypeError('You must pass an event name.'),
    );
    expect(() => player.on('play', 'not a function')).toThrow(
      new TypeError('The callback must be a function.'),
    );
    expect(() => player.set('volume')).toThrow(new TypeError('There must be a value to set.'));
    expect(() => player.set('volume', 0)).not.toThrow();
    player.destroy();
  });

  it('accepts vimeo ids and vimeo.com urls only', () => {
    expect(vimeoUrl(76979871)).toBe('https://vimeo.com/76979871');
    expect(vimeoUrl('https://vimeo.com/76979871')).toBe('https://vimeo.com/76979871');
    expect(() => vimeoUrl('https://evil.example/76979871')).toThrow(
      new TypeError('“https://evil.example/76979871” is not a vimeo.com url.'),
    );
    expect(() => vimeoUrl({})).toThrow(TypeError);
    expect(() => vimeoUrl('not an id')).toThrow(TypeError);
  });

  it('calls only its own frame’s callbacks, for messages from vimeo', () => {
    const frame = document.body.appendChild(document.createElement('iframe'));
    const player = new VimeoPlayer(frame);
    const seen: string[] = [];
    player.on('pause', () => seen.push('pause'));
    const post = (origin: string, source: Window | null) =>
      window.dispatchEvent(
        new MessageEvent('message', { origin, source, data: '{"event":"pause"}' }),
      );
    post('https://evil.example', frame.contentWindow);
    post('https://player.vimeo.com', window);
    post('https://player.vimeo.com', frame.contentWindow);
    expect(seen).toEqual(['pause']);
    player.destroy();
  });

  // vimeo's endpoint is out of reach here; a stand-in answers with the statuses it uses.
  const answering =
    (status: number): typeof fetch =>
    async () =>
      new Response(JSON.stringify({ html: '<iframe></iframe>', width: 640, height: 360 }), {
        status,
      });

  it('turns oEmbed failures into a message by status', async () => {
    const url = 'https://vimeo.com/76979871';
    await expect(fetchVimeoOembed(url, {}, answering(200))).resolves.toMatchObject({ width: 640 });
    await expect(fetchVimeoOembed(url, {}, answering(404))).rejects.toThrow(
      `“${url}” was not found.`,
    );
    await expect(fetchVimeoOembed(url, {}, answering(403))).rejects.toThrow(
      `“${url}” is not embeddable.`,
    );
    await expect(fetchVimeoOembed(url, {}, answering(500))).rejects.toThrow(
      'There was an error fetching the embed code',
    );
    const offline: typeof fetch = () => Promise.reject(new Error('offline'));
    await expect(fetchVimeoOembed(url, {}, offline)).rejects.toThrow(
      'There was an error fetching the embed code',
    );
    let asked = '';
    await fetchVimeoOembed(url, { maxwidth: 480 }, async (input) => {
      asked = input instanceof Request ? input.url : input.toString();
      return answering(200)(input);
    });
    expect(asked).toBe(
      'https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F76979871&maxwidth=480',
    );
  });
});
