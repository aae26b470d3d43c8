// @vitest-environment jsdom
import type { Gif } from '@jiffy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToChannel } from './AddToChannel.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A channel at `path` called `name`, under the channels `above` (root first). */
const channel = (
  id: number,
  path: string,
  name: string,
  hasChildren: boolean,
  above: { path: string; display_name: string }[] = [],
) => ({
  id,
  path,
  display_name: name,
  has_children: hasChildren,
  is_root: above.length === 0,
  ancestors: above.map((link, i) => ({ id: 100 + i, slug: link.path, ...link })),
});
const root = { path: 'ann', display_name: 'ANN' };
const cats = { path: 'ann/cats-2024', display_name: 'Cats & Co' };

/** Ann's GIF page, with her channels (none but her main one when `onlyRoot`). */
function serve(signedIn: boolean, { onlyRoot = false } = {}) {
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
      if (url === '/api/v4/channels/?slug=ann')
        return json(200, { data: channel(1, 'ann', 'ANN', !onlyRoot) });
      if (url === '/api/v4/channels/1/children/')
        return json(200, {
          data: [
            channel(5, 'ann/cats-2024', 'Cats & Co', true, [root]),
            channel(6, 'ann/dogs', 'Dogs!', true, [root]),
          ],
        });
      if (url === '/api/v4/channels/5/children/')
        return json(200, {
          data: [channel(7, 'ann/cats-2024/kittens', 'Kittens', false, [root, cats])],
        });
      if (url === '/api/v4/channels/6/children/')
        return json(200, {
          data: [
            channel(8, 'ann/dogs/kittens', 'Kittens', false, [
              root,
              { path: 'ann/dogs', display_name: 'Dogs!' },
            ]),
            channel(9, 'ann/dogs/kittens-2', 'Kittens', false, [
              root,
              { path: 'ann/dogs', display_name: 'Dogs!' },
            ]),
          ],
        });
      writes.push(`${init.method} ${url} ${typeof init.body === 'string' ? init.body : ''}`);
      if (url === '/api/v4/channels/')
        return json(201, { data: channel(12, 'ann/faves', 'Faves', false, [root]) });
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
    localStorage.clear();
  });

  it('lists every channel of the signed-in user by name, the main one and deep ones too, and adds the GIF', async () => {
    const writes = serve(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to channel' }));
    const select = await screen.findByLabelText<HTMLSelectElement>('Channel');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'ANN (your main channel)',
      'Cats & Co',
      'Cats & Co › Kittens',
      'Dogs!',
      // Two sub-channels of the same name: their paths tell them apart.
      'Dogs! › Kittens (dogs/kittens)',
      'Dogs! › Kittens (dogs/kittens-2)',
    ]);
    // Nothing chosen before: the first channel inside the main one.
    expect(select.value).toBe('5');
    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Added to Kittens.'),
    );
    expect(writes).toEqual(['POST /api/v4/channel-gifs/ {"channel":7,"gif":["abc"]}']);

    // The next time, the channel added to last is chosen already.
    cleanup();
    serve(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to channel' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Channel').value).toBe('7'),
    );
  });

  it('makes a channel inside the main one for the GIF when that is chosen, as it is when there is no other', async () => {
    const writes = serve(true, { onlyRoot: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to channel' }));
    const select = await screen.findByLabelText<HTMLSelectElement>('Channel');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'ANN (your main channel)',
    ]);
    expect(select.value).toBe('1');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Name of the new channel'), {
      target: { value: 'Faves' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Make channel and add' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Made Faves and added this GIF to it.'),
    );
    expect(writes).toEqual([
      'POST /api/v4/channels/ {"display_name":"Faves","parent":1}',
      'POST /api/v4/channel-gifs/ {"channel":12,"gif":["abc"]}',
    ]);
  });

  it('is not offered to a visitor who is not signed in', async () => {
    serve(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Add to channel' })).toBeNull();
  });
});
