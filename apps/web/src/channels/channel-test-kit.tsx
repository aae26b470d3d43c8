// Helpers for the channel components' tests (jsdom, fetch stubbed): not part of the site.
import type { ChannelObject, Gif } from '@jiffy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A sub-channel of ann's called `name` (slug and path from it), with `extra` over it. */
export const channel = (id: number, name: string, extra: Partial<ChannelObject> = {}) =>
  ({
    id,
    slug: name.toLowerCase(),
    path: `ann/${name.toLowerCase()}`,
    display_name: name,
    description: '',
    type: 'community',
    is_visible: true,
    is_root: false,
    banner_image: null,
    featured_gif: null,
    ancestors: [{ id: 1, slug: 'ann', path: 'ann', display_name: 'ANN' }],
    user: { username: 'ann' },
    tags: [],
    syncable_tags: [],
    ...extra,
  }) as unknown as ChannelObject;

/** A GIF as a feed lists it: its small picture, still and original at /media/<id>/…. */
export const gif = (id: string, title: string) =>
  ({
    id,
    slug: `${title.toLowerCase()}-${id}`,
    title,
    images: {
      fixed_width_small: { url: `/media/${id}/small.gif` },
      fixed_height: { url: `/media/${id}/200.gif` },
      original_still: { url: `/media/${id}/still.png` },
      original: { url: `/media/${id}/original.gif` },
    },
  }) as unknown as Gif;

/** Answers every call with `answer` and records it as `METHOD url body`. */
export function serve(answer: (url: string, init: RequestInit) => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method} ${url} ${typeof init.body === 'string' ? init.body : ''}`.trim());
      return answer(url, init);
    }),
  );
  return calls;
}

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** Renders `element` with a query client and a router at `path`. */
export function show(element: React.ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {element}
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Where the router is now. */
export const location = () => screen.getByTestId('location').textContent;

/** The manager's status line: what the last change said. */
export const status = () => screen.getByRole('status').textContent;
