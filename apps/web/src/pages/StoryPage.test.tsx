// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StoryPage from './StoryPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const gif = (id: string, title: string) => ({
  id,
  title,
  url: `https://jiffy.example/gifs/${id}`,
  embed_url: `https://jiffy.example/embed/${id}`,
  tags: [],
  alt_text: '',
  is_sticker: false,
  images: { original: { url: `/media/${id}.gif`, width: '200', height: '100' } },
});

const STORY = {
  story_id: 's1',
  slug: 'a-day-at-sea',
  title: 'A day at sea',
  description: 'Waves, then a nap.',
  url: 'https://jiffy.example/stories/a-day-at-sea',
  cover_gif: gif('g1', 'Wave'),
  gifs: [
    { gif: gif('g1', 'Wave'), caption: 'First the waves.', link: null },
    { gif: gif('g2', 'Nap'), caption: 'Then a nap.', link: 'https://example.org/naps' },
  ],
  user: { username: 'ann', display_name: 'Ann Sea' },
  tags: ['sea'],
  is_published: true,
  publish_datetime: '2031-03-01T12:00:00.000Z',
  create_datetime: '2031-03-01T11:00:00.000Z',
  update_datetime: '2031-03-01T11:00:00.000Z',
};

function open(answer: Response) {
  const fetch = vi.fn(async () => answer);
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/stories/a-day-at-sea']}>
        <Routes>
          <Route path="/stories/:slug" element={<StoryPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('/stories/:slug', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the story in order: title, author link, each GIF with its caption and share', async () => {
    const fetch = open(json(200, { data: STORY }));
    await screen.findByRole('heading', { name: 'A day at sea' });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toMatch(
      /^\/x\/v1\/stories\/slug\/a-day-at-sea\?api_key=/,
    );
    expect(screen.getByRole('link', { name: 'Ann Sea' }).getAttribute('href')).toBe('/ann');
    // The story's own items, not the share links listed inside each.
    const items = [
      ...screen.getByRole('list', { name: 'GIFs of the story' }).children,
    ] as HTMLElement[];
    expect(items.map((item) => item.querySelector('figcaption')?.textContent)).toEqual([
      'First the waves.',
      'Then a nap.',
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'https://example.org/naps' })).toBeTruthy();
    expect(within(items[1]!).getByRole('heading', { name: 'Share Nap' })).toBeTruthy();
    expect(within(items[1]!).getByLabelText<HTMLInputElement>('Embed code').value).toContain(
      'https://jiffy.example/embed/g2',
    );
  });

  it('says in the server’s words when the story is not there', async () => {
    open(json(404, { error: { code: 'story_not_found', message: 'There is no such story.' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is no such story.');
  });
});
