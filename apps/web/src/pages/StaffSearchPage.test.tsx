// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StaffSearchPage from './StaffSearchPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const found = (id: string, title: string, status: string) => ({
  id,
  slug: `${title.toLowerCase().replace(/\W+/g, '-')}-${id}`,
  title,
  images: { fixed_height_small_still: { url: `https://media.example/${id}.gif` } },
  moderation: {
    status,
    failure_code: status === 'failed' ? 'corrupt_media' : null,
    rating: 'g',
    is_sticker: false,
    uploader_username: 'ann',
    original_bytes: 1000,
    reports: { total: 2, open: 1 },
    flags: { total: 0, open: 0 },
    views: 3,
    created_at: '2026-11-02T10:00:00.000Z',
  },
});

/** A server with a signed-in user of `role`; records each search's query string. */
function serve(role: string, address = '/dashboard/search?q=cat') {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/login/check')
        return json(200, { data: { logged_in: true, user: { id: 'u', username: 'mo', role } } });
      const query = url.slice(url.indexOf('?') + 1);
      searches.push(query);
      return json(200, {
        count: 2,
        results: [found('aaa', 'Cat nap', 'ready'), found('bbb', 'Cat gone', 'removed')],
        gps_keywords: ['cat', 'kitten'],
      });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/dashboard/search" element={<StaffSearchPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return searches;
}

describe('/dashboard/search', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the finds with their status, a CSV of the same filters, and narrows by keyword', async () => {
    const searches = serve('moderator');
    expect((await screen.findByRole('status')).textContent).toBe('2 GIFs · Download CSV');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/search-service/csv/?q=cat',
    );
    const rows = screen.getAllByRole('row').slice(1);
    // A ready GIF links to its page with its still; a removed one shows its status instead.
    expect(within(rows[0]!).getByRole('link', { name: 'Cat nap' }).getAttribute('href')).toBe(
      '/gifs/cat-nap-aaa',
    );
    expect(within(rows[0]!).getByRole('img').getAttribute('src')).toBe(
      'https://media.example/aaa.gif',
    );
    expect(within(rows[1]!).queryByRole('img')).toBeNull();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(rows[1]!.textContent).toContain('removed · g');
    expect(rows[1]!.textContent).toContain('1 open / 2');

    fireEvent.click(screen.getByRole('button', { name: 'kitten' }));
    await screen.findByDisplayValue('kitten');
    expect(searches.at(-1)).toBe('q=kitten&offset=0&limit=25');
    expect(searches[0]).toBe('q=cat&offset=0&limit=25');
  });

  it('sends the form’s filters, statuses joined by commas', async () => {
    const searches = serve('admin', '/dashboard/search');
    await screen.findByRole('status');
    fireEvent.change(screen.getByLabelText('Uploader'), { target: { value: ' ann ' } });
    fireEvent.click(screen.getByLabelText('removed'));
    fireEvent.click(screen.getByLabelText('failed'));
    fireEvent.change(screen.getByLabelText('Reported'), { target: { value: 'true' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByDisplayValue('ann');
    await vi.waitFor(() =>
      expect(searches.at(-1)).toBe(
        'username=ann&status=failed%2Cremoved&has_reports=true&offset=0&limit=25',
      ),
    );
  });

  it('tells a user who is not staff that the page is not for them', async () => {
    const searches = serve('creator');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not allowed: this page is for moderators and admins only.',
    );
    expect(searches).toEqual([]);
  });
});
