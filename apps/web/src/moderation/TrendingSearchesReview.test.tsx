// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrendingSearchesReview } from './TrendingSearchesReview.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server holding two candidates and whatever the moderator hides; records the calls. */
function serve() {
  const calls: string[] = [];
  const hidden = new Set<string>();
  const candidates = [
    { term: 'otter', visitors: 5, searches: 9, last_searched_at: '2026-12-01T10:00:00.000Z' },
    { term: 'heron', visitors: 1, searches: 100, last_searched_at: '2026-12-01T10:00:00.000Z' },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(
        `${init?.method ?? 'GET'} ${url}${typeof init?.body === 'string' ? ` ${init.body}` : ''}`,
      );
      if (url.endsWith('/hide')) {
        const { term } = JSON.parse(init?.body as string) as { term: string };
        hidden.add(term);
        return json(200, { data: { term, hidden: true, changed: true } });
      }
      return json(200, {
        data: {
          min_visitors: 3,
          candidates: candidates.map((c) => {
            const refusal = hidden.has(c.term)
              ? 'hidden'
              : c.visitors < 3
                ? 'too_few_visitors'
                : null;
            return { ...c, shows: refusal === null, refusal };
          }),
          hidden: [...hidden].map((term) => ({
            term,
            hidden_at: '2026-12-01T11:00:00.000Z',
            hidden_by: { id: 'm', username: 'mo' },
          })),
          blocked_terms: ['rude'],
        },
      });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <TrendingSearchesReview />
    </QueryClientProvider>,
  );
  return calls;
}

describe('the moderators’ trending searches', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each candidate with its people and whether it shows, and hides one', async () => {
    const calls = serve();
    const otter = (await screen.findByRole('rowheader', { name: 'otter' })).closest('tr')!;
    expect(otter.textContent).toContain('5');
    expect(otter.textContent).toContain('yes');
    const heron = screen.getByRole('rowheader', { name: 'heron' }).closest('tr')!;
    expect(heron.textContent).toContain('no (too few people)');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox').value).toBe('rude');

    fireEvent.click(within(otter).getByRole('button', { name: 'Hide otter' }));
    await screen.findByText(/\(by @mo\)/);
    expect(calls).toContain('POST /api/v4/moderation/trending-searches/hide {"term":"otter"}');
    const hiddenRow = screen.getByRole('rowheader', { name: 'otter' }).closest('tr')!;
    expect(hiddenRow.textContent).toContain('no (hidden)');
  });
});
