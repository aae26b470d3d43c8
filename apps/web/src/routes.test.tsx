// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes.tsx';

describe('site routes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes a bare /edit to the list of GIFs to edit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":"not_signed_in"}}', { status: 401 })),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/edit'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit/gifs'));
  });

  const open = (path: string) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"data":[],"pagination":{"total_count":0,"count":0,"offset":0},"meta":{}}'),
      ),
    );
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  };

  it('shows how to make a backdrop at /backdrop, one at /backdrop/search/:term, and the 404 for a path that names none', async () => {
    open('/backdrop');
    expect(await screen.findByRole('heading', { name: 'Backdrop' })).toBeTruthy();
    cleanup();
    open('/backdrop/search/cats');
    expect(await screen.findByRole('heading', { name: '“cats”' })).toBeTruthy();
    expect(screen.getByText('No GIFs to show.')).toBeTruthy();
    cleanup();
    open('/backdrop/channel/abc');
    expect(await screen.findByRole('heading', { name: '404: nothing here' })).toBeTruthy();
  });
});
