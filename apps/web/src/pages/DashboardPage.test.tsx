// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from './DashboardPage.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const figures = (views: number) => ({ views, clicks: 1, shares: 0, favorites: 0 });

/** A creator with nothing yet: no views, no searches, every upload showing. */
const nothing = {
  totals: figures(0),
  series: Array.from({ length: 7 }, (_, i) => ({ date: `2026-01-0${i + 1}`, ...figures(0) })),
  sources: [],
  top_gifs: [],
};

function serve(empty = false, role = 'creator') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/login/check')
        return json({
          data: { logged_in: true, user: { id: 'c', username: 'cat', role } },
        });
      if (url.startsWith('/api/v1/analytics/dashboard/?') && empty) return json({ data: nothing });
      if (url.startsWith('/api/v1/analytics/dashboard-trending-searches/') && empty)
        return json({ data: [] });
      if (url.startsWith('/api/v1/analytics/dashboard-uploads/') && empty)
        return json({ data: [] });
      if (url.startsWith('/api/v1/analytics/dashboard/?'))
        return json({
          data: {
            totals: figures(7),
            // As the server does: one day for "Today", seven for a week, thirty for a month.
            series: Array.from(
              { length: url.includes('period=day') ? 1 : url.includes('period=month') ? 30 : 7 },
              (_, i) => ({ date: `2026-01-${String(i + 1).padStart(2, '0')}`, ...figures(7) }),
            ),
            sources: [
              { source: 'embed', label: 'embed', ...figures(4) },
              { source: 'site', label: 'site', ...figures(3) },
            ],
            top_gifs: [{ gif_id: 'g1', title: 'Cat dance', url: '/gifs/g1', ...figures(7) }],
          },
        });
      if (url.startsWith('/api/v1/analytics/dashboard-trending-searches/'))
        return json({ data: [{ term: 'dance', surfaced: 12, gifs: 1 }] });
      if (url.startsWith('/api/v1/analytics/dashboard-uploads/'))
        return json({
          data: [
            {
              id: 'g2',
              title: 'Gone',
              status: 'removed',
              reason: 'copyright',
              edit_url: null,
            },
            {
              id: 'g3',
              title: 'Broken',
              status: 'failed',
              reason: 'The file is not an image.',
              edit_url: '/edit/gifs/g3',
            },
            { id: 'g4', title: 'Baking', status: 'processing', reason: null, edit_url: null },
          ],
        });
      return new Response('', { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

describe('/dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the creator views by source, top GIFs, searches, uploads and the CSV link', async () => {
    const asked = serve();
    const sources = await screen.findByRole('table', { name: 'Views by source' });
    expect(
      within(sources)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['embed4', 'site3']);
    expect(screen.getByRole('list', { name: 'Top GIFs' }).textContent).toContain(
      'Cat dance — 7 views',
    );
    expect((await screen.findByText('dance (12)')).tagName).toBe('LI');
    // The takedown in the words the report form and Settings use, marked as a badge; no edit
    // link (its edits are refused), but where the moderator's note is.
    const item = (await screen.findByText('Gone')).closest('li')!;
    expect(item.textContent).toBe(
      'Gone Taken down: Copyright or trademark. It can’t be edited while it is down; ' +
        'the moderator’s note is in Settings.',
    );
    expect(within(item).getByText('Taken down').className).toContain('upload-blocked');
    expect(within(item).queryByRole('link', { name: 'Gone' })).toBeNull();
    expect(within(item).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
    // A failed upload can still be fixed: its edit page is linked.
    const broken = screen.getByRole('link', { name: 'Broken' });
    expect(broken.getAttribute('href')).toBe('/edit/gifs/g3');
    expect(broken.closest('li')!.textContent).toBe(
      'Broken Upload failed: The file is not an image.',
    );
    // One still processing: no edit link until it is ready, and no word of a takedown.
    const baking = (await screen.findByText('Baking')).closest('li')!;
    expect(baking.textContent).toBe('Baking Processing. It can be edited once it is ready.');
    expect(within(baking).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/analytics/dashboard/csv/?username=cat&period=week',
    );
    expect(screen.getByRole('img', { name: 'Views over time' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain(
      'period=month',
    );
    await vi.waitFor(() =>
      expect(asked).toContain('/api/v1/analytics/dashboard/?username=cat&period=month'),
    );
  });

  it('offers stories only to who may write them: a plain user is not led to “Not allowed”', async () => {
    serve(false, 'user');
    const yours = await screen.findByRole('navigation', { name: 'Your pages' });
    expect(
      within(yours)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Your channel', 'Edit your GIFs']);
  });

  it('links to the channel and stories, and narrows the figures to one GIF', async () => {
    const asked = serve();
    expect((await screen.findByRole('link', { name: 'Your channel' })).getAttribute('href')).toBe(
      '/cat',
    );
    expect(screen.getByRole('link', { name: 'Your stories' }).getAttribute('href')).toBe(
      '/dashboard/stories',
    );
    const gif = screen.getByRole('combobox', { name: 'GIF' });
    await screen.findByRole('option', { name: 'Cat dance' });
    fireEvent.change(gif, { target: { value: 'g1' } });
    await vi.waitFor(() =>
      expect(asked).toContain('/api/v1/analytics/dashboard/?username=cat&period=week&gif_id=g1'),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/analytics/dashboard/csv/?username=cat&period=week&gif_id=g1',
    );
    // The choice stays offered while one GIF is shown.
    expect(screen.getByRole('option', { name: 'Cat dance' })).toBeTruthy();
  });

  it('says so under each heading when a section has nothing to show, never a bare heading', async () => {
    serve(true);
    await screen.findByText('Every upload of yours is showing.');
    await screen.findByText('No searches showed your GIFs in this period.');
    const sections = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => [heading.textContent, heading.nextElementSibling?.textContent]);
    expect(sections).toEqual([
      ['Views by source', 'No views of your GIFs in this period.'],
      ['Top GIFs', 'No views of your GIFs in this period.'],
      ['Searches that led to your GIFs', 'No searches showed your GIFs in this period.'],
      ['Uploads not showing', 'Every upload of yours is showing.'],
    ]);
    // No empty list or table is left on the page for a screen reader to announce.
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows "Today" as bars with their figures, not a one-point chart', async () => {
    serve();
    await screen.findByRole('img', { name: 'Views over time' });
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    const day = await screen.findByRole('table', { name: 'The day’s figures' });
    expect(
      within(day)
        .getAllByRole('row')
        .map((row) => [row.querySelector('th')?.textContent, row.lastElementChild?.textContent]),
    ).toEqual([
      ['Views', '7'],
      ['Clicks', '1'],
      ['Shares', '0'],
      ['Favorites', '0'],
    ]);
    const width = (figure: string) =>
      day.querySelector<HTMLElement>(`[data-figure="${figure}"]`)!.style.width;
    expect(width('views')).toBe('100%');
    expect(parseFloat(width('clicks'))).toBeCloseTo(100 / 7, 3);
    expect(width('shares')).toBe('0%');
    expect(screen.queryByRole('img', { name: 'Views over time' })).toBeNull();
  });
});
