// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PostsPage from './PostsPage.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const post = (id: string, title: string) => ({
  story_id: id,
  slug: `${title.toLowerCase().replaceAll(' ', '-')}`,
  title,
  description: `All about ${title}.`,
  cover_gif: null,
  user: { username: 'mod', display_name: 'The Editors' },
  tags: [],
  is_published: true,
  publish_datetime: '2031-03-01T12:00:00.000Z',
});

describe('/posts', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for staff’s stories and lists them as posts, a page at a time', async () => {
    const fetch = vi.fn(async (url: string) =>
      json(
        url.includes('next_cursor=c1')
          ? { data: [post('p3', 'Older news')], next_cursor: null }
          : { data: [post('p1', 'Big news'), post('p2', 'Small news')], next_cursor: 'c1' },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PostsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('link', { name: 'Big news' });
    const first = new URL((fetch.mock.calls[0] as unknown as [string])[0], 'http://x');
    expect(first.pathname).toBe('/x/v1/stories');
    expect(first.searchParams.get('by_staff')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'More posts' }));
    await screen.findByRole('link', { name: 'Older news' });
    const titles = within(screen.getByRole('list', { name: 'Posts' }))
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Big news', 'Small news', 'Older news']);
    expect(screen.getByRole('link', { name: 'Big news' }).getAttribute('href')).toBe(
      '/stories/big-news',
    );
    expect(screen.queryByRole('button', { name: 'More posts' })).toBeNull();
  });
});
