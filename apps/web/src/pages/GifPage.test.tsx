// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GifPage from './GifPage.tsx';
import { stubResizeObserver } from '../../testing/resize-observer.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const gif = {
  id: 'gifPage1',
  type: 'gif',
  slug: 'comet-gifPage1',
  title: 'Comet loop',
  alt_text: '',
  tags: ['comet'],
  url: 'http://jiffy.test/gifs/comet-gifPage1',
  embed_url: 'http://jiffy.test/embed/gifPage1',
  is_sticker: 0,
  user: null,
  images: { original: { url: '/m/o.gif', width: '100', height: '80' } },
  analytics_response_payload: 'payload-of-gifPage1',
  analytics: {
    onload: { url: 'http://jiffy.test/v2/pingback/simple?action_type=SEEN' },
    onclick: { url: 'http://jiffy.test/v2/pingback/simple?action_type=CLICK' },
    onsent: { url: 'http://jiffy.test/v2/pingback/simple?action_type=SENT' },
  },
};

describe('a GIF page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts a view of its GIF: a SEEN pingback to the server the GIF came from', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (new URL(url, 'http://jiffy.test').pathname === '/v1/gifs/gifPage1')
        return json({ data: gif, meta: {} });
      return json({ data: [], pagination: { total_count: 0, count: 0, offset: 0 }, meta: {} });
    });
    vi.stubGlobal('fetch', fetch);
    // The related GIFs' grid measures its width; there is none to measure here.
    stubResizeObserver();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/gifs/comet-gifPage1']}>
          <Routes>
            <Route path="/gifs/:slugId" element={<GifPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Comet loop' });
    await vi.waitFor(
      () => {
        const sent = fetch.mock.calls.find(([url]) => url === 'http://jiffy.test/v2/pingback');
        expect(sent).toBeDefined();
        const body = JSON.parse(sent![1]!.body as string) as {
          events: { action_type: string; analytics_response_payload: string }[];
        };
        expect(body.events).toEqual([
          expect.objectContaining({
            action_type: 'SEEN',
            analytics_response_payload: 'payload-of-gifPage1',
          }),
        ]);
      },
      { timeout: 3000 },
    );
  });
});
