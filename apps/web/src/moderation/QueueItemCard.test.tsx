// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueGif, QueueItem } from './moderation-api.ts';
import { QueueItemCard } from './QueueItemCard.tsx';

const gif = (id: string) =>
  ({
    id,
    title: `GIF ${id}`,
    alt_text: '',
    is_sticker: false,
    username: 'ann',
    images: {},
    moderation: {
      status: 'ready',
      rating: 'g',
      is_sticker: false,
      tags: ['cat'],
      lang: 'en',
      uploader_user_id: 'idann',
      source_format: 'gif',
      width: 100,
      height: 100,
      frames: 2,
      duration_ms: 200,
      original_bytes: 2048,
      created_at: '2026-11-25T10:00:00.000Z',
      preview_url: null,
      history: [],
    },
  }) as unknown as QueueGif;

const report: QueueItem = {
  kind: 'gif_report',
  id: '7',
  gif_id: 'g1',
  created_at: '2026-11-25T10:00:00.000Z',
  reason: 'spam',
  reason_label: 'Spam or misleading',
  note: 'Ads',
  gif: gif('g1'),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders one card; the server answers each call with `answer` and the calls are kept. */
function renderCard(item: QueueItem, isAdmin: boolean, answer: (body: unknown) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse((init?.body as string) ?? 'null') as unknown;
      calls.push({ url, body });
      return answer(body);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <QueueItemCard item={item} isAdmin={isAdmin} onFocus={() => {}} />
    </QueryClientProvider>,
  );
  return { calls, card: screen.getByRole('article') };
}

const outcome = (action: string, status = 'ready', extra = {}) =>
  json(200, { data: { gif_id: 'g1', action, status, rating: 'g', is_sticker: false, ...extra } });

describe('a queue item', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes the shortcuts when focused: a approves, s marks a sticker, r focuses the rating', async () => {
    const { calls, card } = renderCard(report, false, (body) =>
      outcome((body as { action: string }).action),
    );
    expect(card.textContent).toContain('Spam or misleading · “Ads”');
    fireEvent.keyDown(card, { key: 'a' });
    await screen.findByText(/^Approved · now ready/);
    fireEvent.keyDown(card, { key: 's' });
    await screen.findByText(/^Sticker changed/);
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/v1/gifs/g1/moderation', { action: 'approve' }],
      ['/api/v1/gifs/g1/moderation', { action: 'set_sticker', is_sticker: true }],
    ]);
    fireEvent.keyDown(card, { key: 'r' });
    expect(document.activeElement).toBe(screen.getByLabelText('Rating'));
    // Typing in a field is not a shortcut.
    fireEvent.keyDown(screen.getByLabelText('Rating'), { key: 'a' });
    expect(calls).toHaveLength(2);
  });

  it('takes a GIF down with reason, note and e-mail; only an admin then sees Restore', async () => {
    for (const isAdmin of [false, true]) {
      const { calls, card } = renderCard(report, isAdmin, () =>
        outcome('take_down', 'removed', { emailed: true }),
      );
      fireEvent.keyDown(card, { key: 't' });
      expect(screen.getByLabelText<HTMLSelectElement>('Reason').value).toBe('spam');
      fireEvent.change(screen.getByLabelText('Note to the uploader (optional)'), {
        target: { value: 'No ads, please.' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Confirm take-down' }));
      await screen.findByText(/^Taken down · uploader e-mailed · now removed/);
      expect(calls[0]!.body).toEqual({
        action: 'take_down',
        reason: 'spam',
        note: 'No ads, please.',
        send_email: true,
      });
      expect(screen.queryAllByRole('button', { name: 'Restore' })).toHaveLength(isAdmin ? 1 : 0);
      cleanup();
    }
  });

  it("shows the server's refusal in words", async () => {
    const { card } = renderCard(report, false, () =>
      json(409, { error: { code: 'gif_already_removed', message: 'This GIF was taken down.' } }),
    );
    fireEvent.keyDown(card, { key: 'd' });
    expect((await screen.findByRole('alert')).textContent).toBe('This GIF was taken down.');
  });

  it('shows a search report with the GIFs it showed; d dismisses the report itself', async () => {
    const item: QueueItem = {
      kind: 'search_report',
      id: '3',
      gif_id: null,
      created_at: '2026-11-25T10:00:00.000Z',
      search_term: 'cats',
      reason_labels: ['Spam or misleading'],
      gif: null,
      shown_gifs: [gif('g1'), gif('g2')],
    };
    const { calls, card } = renderCard(item, false, () =>
      json(200, { data: { id: '3', action: 'dismiss', status: 'resolved' } }),
    );
    expect(card.textContent).toContain('Search for “cats” reported: Spam or misleading');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'GIF g1',
      'GIF g2',
    ]);
    fireEvent.keyDown(card, { key: 'd' });
    await screen.findByText('Search report dismissed');
    expect(calls).toEqual([
      { url: '/api/v3/moderation/search-reports/3', body: { action: 'dismiss' } },
    ]);
  });

  it('shows a near-duplicate beside the GIF it resembles; decisions act on the new upload', async () => {
    const item: QueueItem = {
      kind: 'automatic',
      id: '4',
      gif_id: 'g1',
      created_at: '2026-11-25T10:00:00.000Z',
      reason: 'near_duplicate',
      reason_label: "Near-duplicate of another user's GIF",
      distance: 2,
      gif: gif('g1'),
      duplicate_gif: gif('g2'),
    };
    const { calls, card } = renderCard(item, false, () => outcome('dismiss'));
    expect(card.textContent).toContain(
      "Near-duplicate of another user's GIF · 2 of 64 hash bits differ",
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'GIF g1',
      'GIF g2',
    ]);
    expect(
      screen.getByRole('region', { name: 'Resembles this GIF of another user' }).textContent,
    ).toContain('GIF g2');
    fireEvent.keyDown(card, { key: 'd' });
    await screen.findByText(/^Dismissed/);
    expect(calls).toEqual([{ url: '/api/v1/gifs/g1/moderation', body: { action: 'dismiss' } }]);
  });

  it('shows a content-safety flag with the ratings and the scores', () => {
    const item: QueueItem = {
      kind: 'automatic',
      id: '5',
      gif_id: 'g1',
      created_at: '2026-11-25T10:00:00.000Z',
      reason: 'content_safety',
      reason_label: 'Content safety: stricter than the declared rating',
      declared_rating: 'g',
      suggested_rating: 'r',
      scores: { Drawing: 0.01, Hentai: 0.05, Neutral: 0.02, Porn: 0.9, Sexy: 0.02 },
      gif: gif('g1'),
    };
    const { card } = renderCard(item, false, () => outcome('dismiss'));
    expect(card.textContent).toContain(
      'Content safety: stricter than the declared rating · listed as r, declared g · Porn 90%, Hentai 5%, Sexy 2%',
    );
  });
});
