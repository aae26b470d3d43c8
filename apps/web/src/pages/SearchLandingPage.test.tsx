// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('/search without a term', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is a landing page with the trending searches and the categories, not the 404', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/v1/trending/searches') return json({ data: ['cats', 'dance'], meta: {} });
        if (path === '/v1/gifs/categories')
          return json({
            data: [{ name: 'Animals', name_encoded: 'animals', subcategories: [], gif: null }],
            meta: {},
          });
        return json({ data: [], pagination: { total_count: 0, count: 0, offset: 0 }, meta: {} });
      }),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/search'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search GIFs and stickers' }),
    ).toBeTruthy();
    const trending = (await screen.findByRole('heading', { name: 'Trending searches' }))
      .parentElement!;
    expect(within(trending).getByRole('link', { name: 'dance' }).getAttribute('href')).toBe(
      '/search/dance',
    );
    expect((await screen.findByRole('link', { name: 'Animals' })).getAttribute('href')).toBe(
      '/categories/animals',
    );
    expect(screen.queryByRole('heading', { name: /404/ })).toBeNull();
  });
});
