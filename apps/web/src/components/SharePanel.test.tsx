// @vitest-environment jsdom
import type { Gif } from '@jiffy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharePanel } from './SharePanel.tsx';

const gif = {
  id: 'abc123',
  url: 'https://jiffy.example/gifs/abc123',
  embed_url: 'https://jiffy.example/embed/abc123',
  images: { original: { width: '200', height: '100' } },
} as unknown as Gif;

describe('the share panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts each share button and copy with the server, echoing the CSRF token', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/login/check'
        ? new Response('{"data":{"logged_in":false,"user":null}}', { status: 200 })
        : new Response('{}', { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => undefined } });
    document.cookie = 'jiffy_csrf=token42';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SharePanel gif={gif} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    fireEvent.click(screen.getByRole('link', { name: 'Twitter' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy' })[1]!);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    const calls = (fetch.mock.calls as unknown as [string, RequestInit][]).filter(
      ([url]) => url !== '/login/check',
    );
    expect(calls.map(([url, init]) => [url, init.method])).toEqual([
      ['/ajax/gif/abc123/analytic/twitter/', 'POST'],
      ['/ajax/gif/abc123/analytic/embed/', 'POST'],
    ]);
    expect((calls[0]![1].headers as Record<string, string>)['x-csrf-token']).toBe('token42');
  });
});
