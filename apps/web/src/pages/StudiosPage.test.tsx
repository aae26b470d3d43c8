// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StudiosPage from './StudiosPage.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const channel = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  path: `cat/${name.toLowerCase()}`,
  display_name: name,
  featured_gif: null,
  is_visible: true,
});
const person = (username: string) => ({
  id: `id${username}`,
  username,
  display_name: username.toUpperCase(),
  description: '',
  avatar_url: '/a.png',
  profile_url: `/${username}`,
  is_verified: true,
  freelance: false,
});

/** A server with one featured channel and creator, which records what it is asked to do. */
function server(role: string | null) {
  const featured = {
    channels: [{ feature_id: 1, channel: channel(7, 'Space') }],
    creators: [{ feature_id: 2, creator: person('cat') }],
  };
  return vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/login/check')
      return json({
        data: role
          ? { logged_in: true, user: { id: 'idu', username: 'u', role } }
          : { logged_in: false, user: null },
      });
    if (path === '/api/v4/channels/') return json({ data: channel(9, 'Comets') });
    if (path === '/api/v1/studios/' && method === 'POST') {
      featured.channels.push({ feature_id: 3, channel: channel(9, 'Comets') });
      return json({ data: { feature_id: 3 } }, 201);
    }
    if (path === '/api/v1/studios/1/' && method === 'DELETE') {
      featured.channels = featured.channels.filter((c) => c.feature_id !== 1);
      return new Response(null, { status: 204 });
    }
    if (path === '/api/v1/studios/2/' && method === 'DELETE') {
      featured.creators = featured.creators.filter((c) => c.feature_id !== 2);
      return new Response(null, { status: 204 });
    }
    return json({ data: featured });
  });
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <StudiosPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/studios', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows visitors the featured channels and creators, with no tools to change them', async () => {
    vi.stubGlobal('fetch', server(null));
    renderPage();
    const channels = await screen.findByRole('list', { name: 'Featured channels' });
    expect(within(channels).getByRole('link', { name: 'Space' }).getAttribute('href')).toBe(
      '/cat/space',
    );
    expect(
      within(screen.getByRole('list', { name: 'Featured creators' })).getByRole('link', {
        name: 'CAT',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Feature channel' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('lets staff feature a channel by its address and remove one', async () => {
    const fetch = server('moderator');
    vi.stubGlobal('fetch', fetch);
    renderPage();
    fireEvent.change(await screen.findByLabelText('Channel (its address, e.g. username/channel)'), {
      target: { value: 'http://jiffy.test/cat/comets' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Feature channel' }));
    const channels = screen.getByRole('list', { name: 'Featured channels' });
    await within(channels).findByRole('link', { name: 'Comets' });
    const lookup = fetch.mock.calls.find(([url]) => url.startsWith('/api/v4/channels/?slug='))!;
    expect(lookup[0]).toBe('/api/v4/channels/?slug=cat%2Fcomets');
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(posted[1]!.body as string)).toEqual({ channel: 9 });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Space from Studios' }));
    await vi.waitFor(() =>
      expect(within(channels).queryByRole('link', { name: 'Space' })).toBeNull(),
    );
  });

  it('shows staff each featured creator once, with its remove button on the card', async () => {
    vi.stubGlobal('fetch', server('admin'));
    renderPage();
    const creators = await screen.findByRole('list', { name: 'Featured creators' });
    // The creator's name is on the page once: on its card, not again in a list of its own.
    expect(document.body.textContent.match(/CAT/g)).toHaveLength(1);
    fireEvent.click(within(creators).getByRole('button', { name: 'Remove CAT from Studios' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Featured creators' })).toBeNull(),
    );
    expect(screen.queryByText('CAT')).toBeNull();
  });
});
