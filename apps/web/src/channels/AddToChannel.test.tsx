// @vitest-environment jsdom
import type { Gif } from '@jiffy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToChannel } from './AddToChannel.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const channel = (id: number, path: string, hasChildren: boolean) => ({
  id,
  path,
  display_name: path.split('/').at(-1),
  has_children: hasChildren,
});

function serve(signedIn: boolean) {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/login/check')
        return json(200, {
          data: signedIn
            ? { logged_in: true, user: { id: 'u', username: 'ann', role: 'user' } }
            : { logged_in: false, user: null },
        });
      if (url === '/api/v4/channels/?slug=ann') return json(200, { data: channel(1, 'ann', true) });
      if (url === '/api/v4/channels/1/children/')
        return json(200, { data: [channel(5, 'ann/cats', true), channel(6, 'ann/dogs', false)] });
      if (url === '/api/v4/channels/5/children/')
        return json(200, { data: [channel(7, 'ann/cats/kittens', false)] });
      writes.push(`${init.method} ${url} ${typeof init.body === 'string' ? init.body : ''}`);
      return json(200, { data: { added: ['abc'] } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddToChannel gif={{ id: 'abc' } as Gif} />
    </QueryClientProvider>,
  );
  return writes;
}

describe('Add to channel on a GIF page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every channel of the signed-in user, deep ones too, and adds the GIF', async () => {
    const writes = serve(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to channel' }));
    const select = await screen.findByLabelText('Channel');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Choose a channel…',
      'cats',
      'cats › kittens',
      'dogs',
    ]);
    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Added to kittens.'),
    );
    expect(writes).toEqual(['POST /api/v4/channel-gifs/ {"channel":7,"gif":["abc"]}']);
  });

  it('is not offered to a visitor who is not signed in', async () => {
    serve(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Add to channel' })).toBeNull();
  });
});
