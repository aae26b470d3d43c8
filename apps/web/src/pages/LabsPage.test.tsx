// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TagSuggestions } from '../tag-suggestions/TagSuggestions.tsx';
import LabsPage from './LabsPage.tsx';
import SearchPage from './SearchPage.tsx';
import { stubResizeObserver } from '../../testing/resize-observer.ts';

vi.mock('../tag-suggestions/frames-of-file.ts', () => ({
  framesOfFile: async () => ['data:image/png;base64,iVBORw0KGgo='],
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const wrap = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{node}</MemoryRouter>
  </QueryClientProvider>
);

/** One GIF for every list the page asks for, so a search finds something. */
const oneGif = {
  id: 'cat1',
  title: 'Cat',
  tags: ['cat'],
  url: 'http://localhost/gifs/cat-cat1',
  images: {
    original: { url: '/m/cat1.gif', width: '200', height: '150' },
    fixed_width: { url: '/m/cat1-200.gif', width: '200', height: '150' },
  },
};

describe('/labs', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ data: [oneGif], pagination: { total_count: 1, count: 1, offset: 0 }, meta: {} }),
      ),
    );
    stubResizeObserver(600);
    // jsdom has no media queries: no visitor here asked for reduced motion.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    // jsdom scrolls nothing: everything observed is in view at once (the grid's loader, which
    // asks for the first page when seen).
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly #callback: IntersectionObserverCallback;
        constructor(callback: IntersectionObserverCallback) {
          this.#callback = callback;
        }
        observe(target: Element) {
          this.#callback(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
        }
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the experiments with switches that change what the other pages show', async () => {
    // A search that found GIFs offers them as a backdrop while the experiment is on.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/search/cat']}>
          <LabsPage />
          <Routes>
            <Route path="/search/:term" element={<SearchPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const backdrop = screen.getByRole<HTMLInputElement>('switch', { name: 'Backdrop' });
    const suggestions = screen.getByRole<HTMLInputElement>('switch', {
      name: 'Suggested tags when uploading',
    });
    expect(backdrop.checked).toBe(true);
    expect(suggestions.checked).toBe(false);
    expect(await screen.findByRole('link', { name: 'Play as a backdrop' })).toBeTruthy();
    fireEvent.click(backdrop);
    expect(screen.queryByRole('link', { name: 'Play as a backdrop' })).toBeNull();
    // Kept in this browser: a page opened later finds it off.
    cleanup();
    render(wrap(<LabsPage />));
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Backdrop' }).checked).toBe(false);
  });
});

describe('suggested tags', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the prediction with the file’s frames and offers the tags not yet there', async () => {
    const fetch = vi.fn(async () =>
      json({
        data: {
          tags: [
            { tag: 'ocean', confidence: 0.8 },
            { tag: 'blue', confidence: 0.5 },
          ],
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const onAdd = vi.fn();
    render(
      wrap(
        <TagSuggestions
          file={new File(['x'], 'wave.gif', { type: 'image/gif' })}
          tags={['blue']}
          onAdd={onAdd}
        />,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: '#ocean' }));
    expect(onAdd).toHaveBeenCalledWith('ocean');
    expect(screen.queryByRole('button', { name: '#blue' })).toBeNull();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ajax/tags/prediction/');
    expect(JSON.parse(init.body as string)).toEqual({
      frames: ['data:image/png;base64,iVBORw0KGgo='],
    });
  });
});
