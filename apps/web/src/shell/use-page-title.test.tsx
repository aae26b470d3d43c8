// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes.tsx';
import { stubResizeObserver } from '../../testing/resize-observer.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('page titles as the visitor moves through the site', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names each page in the tab and describes it, page after page without a load', async () => {
    // Every list is empty: the titles come from where the visitor is, not from what was found.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ data: [], pagination: { total_count: 0, count: 0, offset: 0 }, meta: {} }),
      ),
    );
    // The grids measure their width; there is none to measure here.
    stubResizeObserver();
    const router = createMemoryRouter(routes, { initialEntries: ['/search/cats?type=stickers'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(document.title).toBe('cats stickers — Jiffy'));
    expect(description()).toBe('cats stickers: find one to share, or upload your own.');

    await act(() => router.navigate('/trending-gifs'));
    await vi.waitFor(() => expect(document.title).toBe('Trending GIFs — Jiffy'));
    // A page with nothing of its own to say is described as the site.
    expect(description()).toMatch(/GIFs and stickers/);

    await act(() => router.navigate('/categories/animals'));
    await vi.waitFor(() => expect(document.title).toBe('Animals GIFs — Jiffy'));
    await act(() => router.navigate('/'));
    await vi.waitFor(() => expect(document.title).toBe('Jiffy: GIFs and stickers'));
  });
});
