// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ArtistsPage from './ArtistsPage.tsx';
import TeamPage from './TeamPage.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const person = (username: string, extra: object = {}) => ({
  id: `id${username}`,
  username,
  display_name: username.toUpperCase(),
  description: `${username} makes loops`,
  avatar_url: `/media/avatars/${username}.png`,
  profile_url: `/${username}`,
  is_verified: true,
  freelance: false,
  ...extra,
});

const renderPage = (page: React.ReactNode, entry = '/artists') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[entry]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );

const calls = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  fetch.mock.calls
    .map(([url]) => new URL(url as string, 'http://x'))
    .filter((url) => url.pathname === path);

describe('/artists', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists artists a page at a time, and asks again when narrowed to freelance, a name or a sort', async () => {
    const fetch = vi.fn(async (url: string) => {
      const asked = new URL(url, 'http://x');
      if (asked.pathname.startsWith('/x/v1/stories')) return json({ data: [], next_cursor: null });
      if (asked.searchParams.get('freelance') === 'true')
        return json({
          data: [person('amy', { freelance: true })],
          pagination: { total_count: 1, count: 1, offset: 0 },
          next_offset: null,
        });
      const offset = Number(asked.searchParams.get('offset'));
      return json(
        offset === 0
          ? {
              data: [person('amy'), person('zed')],
              pagination: { total_count: 3, count: 2, offset: 0 },
              next_offset: 2,
            }
          : {
              data: [person('bob')],
              pagination: { total_count: 3, count: 1, offset: 2 },
              next_offset: null,
            },
      );
    });
    vi.stubGlobal('fetch', fetch);
    renderPage(<ArtistsPage />);
    const list = await screen.findByRole('list', { name: 'Artists' });
    await within(list).findByRole('link', { name: 'ZED' });
    expect(screen.getByRole('status').textContent).toBe('3 artists');
    fireEvent.click(screen.getByRole('button', { name: 'More artists' }));
    await within(list).findByRole('link', { name: 'BOB' });
    expect(screen.queryByRole('button', { name: 'More artists' })).toBeNull();
    expect(calls(fetch, '/api/v4/artists/').map((u) => u.searchParams.get('offset'))).toEqual([
      '0',
      '2',
    ]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Freelance only' }));
    await screen.findByText('1 artist');
    expect(within(list).getByText('Freelance')).toBeTruthy();
    expect(within(list).queryByRole('link', { name: 'ZED' })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'username' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find an artist' }), {
      target: { value: 'am' },
    });
    await vi.waitFor(() => {
      const last = calls(fetch, '/api/v4/artists/').at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toMatchObject({
        filter: 'am',
        sort: 'username',
        order: 'asc',
        freelance: 'true',
      });
    });
  });
});

describe('/team', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the admins and moderators with what they do here', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          data: [
            person('root', { team_role: 'admin', is_verified: false }),
            person('keeper', { team_role: 'moderator', is_verified: false }),
          ],
        }),
      ),
    );
    renderPage(<TeamPage />, '/team');
    const list = await screen.findByRole('list', { name: 'Team' });
    const [admin, moderator] = within(list).getAllByRole('listitem');
    expect(within(admin!).getByRole('link', { name: 'ROOT' }).getAttribute('href')).toBe('/root');
    expect(within(admin!).getByText('Admin')).toBeTruthy();
    expect(within(moderator!).getByText('Moderator')).toBeTruthy();
    expect(within(moderator!).getByText('keeper makes loops')).toBeTruthy();
  });
});
