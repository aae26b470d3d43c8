// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ClipsPage from './ClipsPage.tsx';
import { stubResizeObserver } from '../../testing/resize-observer.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A clip as the public API presents it: a GIF object with GIPHY's `video` assets. */
const clip = (n: number) => {
  const still = { url: `/media/gifs/c${n}/480w_s.jpg`, width: '480', height: '270' };
  const asset = { url: `/media/gifs/c${n}/clip.mp4`, width: 480, height: 270 };
  return {
    type: 'video',
    id: `c${n}`,
    slug: `clip-${n}-c${n}`,
    url: `http://localhost/gifs/clip-${n}-c${n}`,
    title: `Clip ${n}`,
    alt_text: `Clip ${n}`,
    username: 'neon_narwhal',
    user: { username: 'neon_narwhal', display_name: 'Neon Narwhal' },
    images: {
      original: { ...still, url: `/media/gifs/c${n}/original.gif` },
      fixed_width: { url: `/media/gifs/c${n}/200w.gif`, width: '200', height: '113' },
      original_still: still,
    },
    video: { assets: { source: asset, '360p': asset } },
  };
};

const page = (clips: unknown[], offset: number, total: number) =>
  json({ data: clips, pagination: { total_count: total, count: clips.length, offset } });

const renderPage = (entry = '/clips') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <ClipsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const asked = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x'));

describe('/clips', () => {
  beforeEach(() => {
    // jsdom lays nothing out and plays nothing: the feed gets a width, the players a no-op play.
    stubResizeObserver(600);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('plays trending clips muted with controls, and pages on with More clips', async () => {
    const first = Array.from({ length: 10 }, (_, i) => clip(i + 1));
    const fetch = vi.fn(async (url: string) => {
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset') ?? 0);
      return offset === 0 ? page(first, 0, 11) : page([clip(11)], 10, 11);
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Trending clips' })).toBeTruthy();
    const feed = await screen.findByRole('list', { name: 'Clips' });
    expect(within(feed).getAllByRole('article')).toHaveLength(10);

    const card = within(feed).getByRole('article', { name: 'Clip 1' });
    const video = card.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/gifs/c1/clip.mp4');
    expect(video.muted).toBe(true);
    expect(video.width).toBe(600);
    expect(video.height).toBe(338);
    expect(within(card).getByRole('link', { name: 'Clip 1' }).getAttribute('href')).toBe(
      '/gifs/clip-1-c1',
    );
    expect(within(card).getByRole('link', { name: '@neon_narwhal' })).toBeTruthy();

    // The sound is one click away: unmuting the element, and the button says so.
    fireEvent.click(within(card).getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    expect(within(card).getByRole('button', { name: 'Mute' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'More clips' }));
    await within(feed).findByRole('article', { name: 'Clip 11' });
    expect(within(feed).getAllByRole('article')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: 'More clips' })).toBeNull();
    expect(asked(fetch).map((u) => [u.pathname, u.searchParams.get('offset')])).toEqual([
      ['/v1/videos/trending', '0'],
      ['/v1/videos/trending', '10'],
    ]);
  });

  it('searches clips from the box and says when nothing matches', async () => {
    const fetch = vi.fn(async (url: string) => {
      const q = new URL(url, 'http://x').searchParams.get('q');
      if (q === 'chimes') return page([clip(7)], 0, 1);
      if (q) return page([], 0, 0);
      return page([clip(1)], 0, 1);
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    await screen.findByRole('article', { name: 'Clip 1' });

    const box = screen.getByRole('searchbox', { name: 'Search clips' });
    fireEvent.change(box, { target: { value: ' chimes ' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Clips' }));
    await screen.findByRole('article', { name: 'Clip 7' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Clips: chimes');
    expect(screen.queryByRole('article', { name: 'Clip 1' })).toBeNull();
    const search = asked(fetch).find((u) => u.searchParams.get('q') === 'chimes')!;
    expect(search.pathname).toBe('/v1/videos/search');

    fireEvent.change(box, { target: { value: 'zebra' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Clips' }));
    expect(await screen.findByText('No clips found for “zebra”.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Clips' })).toBeNull();
  });

  it('opens on a search kept in the URL', async () => {
    const fetch = vi.fn(async () => page([clip(3)], 0, 1));
    vi.stubGlobal('fetch', fetch);
    renderPage('/clips?q=beats');
    await screen.findByRole('article', { name: 'Clip 3' });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search clips' }).value).toBe(
      'beats',
    );
    expect(asked(fetch)[0]!.pathname).toBe('/v1/videos/search');
    expect(asked(fetch)[0]!.searchParams.get('q')).toBe('beats');
  });
});
