// @vitest-environment jsdom
import type { Gif } from '@jiffy/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditableTitle } from './EditableTitle.tsx';

const gif = { id: 'abc', title: 'Walrus wave', user: { username: 'ann' } } as unknown as Gif;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The page's GIF query, seeded, so the title shows what the cache holds. */
function Page() {
  const query = useQuery({ queryKey: ['gif', 'abc'], queryFn: () => gif, staleTime: Infinity });
  return query.data ? <EditableTitle gif={query.data} /> : null;
}

function renderAs(username: string, update: (body: { value: string }) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/login/check'))
        return json(200, { data: { logged_in: true, user: { id: 'u', username, role: 'user' } } });
      return update(JSON.parse(init?.body as string) as { value: string });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['gif', 'abc'], gif);
  render(
    <QueryClientProvider client={client}>
      <Page />
    </QueryClientProvider>,
  );
}

describe('the GIF page title, edited in place by its owner', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves a new title', async () => {
    renderAs('ann', (body) => json(200, { data: { title: body.value, changed: true } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit title' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Seal wave' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save title' }));
    expect((await screen.findByRole('heading')).textContent).toBe('Seal wave');
  });

  it('rolls back and shows the server’s message when refused', async () => {
    renderAs('ann', () =>
      json(400, { error: { code: 'invalid_request', message: 'value: Too long' } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit title' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save title' }));
    expect((await screen.findByRole('alert')).textContent).toBe('value: Too long');
    expect(screen.getByRole('heading').textContent).toBe('Walrus wave');
  });

  it('offers no edit to someone else', async () => {
    renderAs('ben', () => json(500, {}));
    await screen.findByRole('heading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Edit title' })).toBeNull();
  });
});
