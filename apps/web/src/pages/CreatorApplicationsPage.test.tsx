// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreatorApplicationsPage from './CreatorApplicationsPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const applications = [
  {
    id: 'a1',
    message: 'I animate cats daily.\nSee my channel.',
    portfolio_url: 'https://cats.example.com',
    created_at: '2026-11-02T12:00:00.000Z',
    user_id: 'u1',
    username: 'ann',
  },
  {
    id: 'b2',
    message: 'Pixel art loops, every week.',
    portfolio_url: null,
    created_at: '2026-11-20T12:00:00.000Z',
    user_id: 'u2',
    username: 'ben',
  },
];

/** A server with a signed-in user of `role` and these pending applications; records calls. */
function serve(role: string, pending: unknown[] = applications) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/login/check')
        return json(200, { data: { logged_in: true, user: { id: 'm', username: 'mo', role } } });
      calls.push(
        `${init?.method ?? 'GET'} ${url}${typeof init?.body === 'string' ? ` ${init.body}` : ''}`,
      );
      if (url === '/api/v3/creator-applications') return json(200, { data: pending });
      const [, id, decision] = /applications\/(\w+)\/(\w+)$/.exec(url)!;
      if (id === 'gone')
        return json(404, {
          error: { code: 'not_found', message: 'No pending application with that id.' },
        });
      return json(200, { data: { id, status: decision === 'approve' ? 'approved' : 'rejected' } });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/dashboard/moderation/applications']}>
        <Routes>
          <Route path="/dashboard/moderation/applications" element={<CreatorApplicationsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const cards = () => screen.getAllByRole('article');

describe('/dashboard/moderation/applications', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each applicant with a link to their profile, what they wrote and when', async () => {
    serve('moderator');
    await screen.findByRole('heading', { name: '@ann' });
    const [first, second] = cards();
    expect(within(first!).getByRole('link', { name: '@ann' }).getAttribute('href')).toBe('/ann');
    expect(first!.textContent).toContain('Applied Nov 2, 2026');
    expect(first!.textContent).toContain('I animate cats daily.\nSee my channel.');
    expect(
      within(first!).getByRole('link', { name: 'https://cats.example.com' }).getAttribute('href'),
    ).toBe('https://cats.example.com');
    expect(second!.textContent).toContain('Pixel art loops, every week.');
    expect(second!.textContent).not.toContain('Portfolio');
    expect(within(second!).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it('approves one and declines another, each row then saying what became of it', async () => {
    const calls = serve('admin');
    await screen.findByRole('heading', { name: '@ann' });
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Approve' }));
    expect((await within(cards()[0]!).findByRole('status')).textContent).toBe(
      'Approved: now a verified creator.',
    );
    expect(within(cards()[0]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(cards()[1]!).getByRole('button', { name: 'Decline' }));
    expect((await within(cards()[1]!).findByRole('status')).textContent).toBe('Declined.');
    expect(calls).toEqual([
      'GET /api/v3/creator-applications',
      'POST /api/v3/creator-applications/a1/approve',
      'POST /api/v3/creator-applications/b2/reject',
    ]);
  });

  it('sends the note a moderator writes with a decision, trimmed, and none when left empty', async () => {
    const calls = serve('moderator');
    await screen.findByRole('heading', { name: '@ann' });
    fireEvent.change(within(cards()[1]!).getByLabelText('Note to @ben (optional)'), {
      target: { value: '  Send three loops you made yourself.\n' },
    });
    fireEvent.click(within(cards()[1]!).getByRole('button', { name: 'Decline' }));
    expect((await within(cards()[1]!).findByRole('status')).textContent).toBe('Declined.');
    expect(within(cards()[1]!).queryByRole('textbox')).toBeNull();
    fireEvent.change(within(cards()[0]!).getByLabelText('Note to @ann (optional)'), {
      target: { value: '   ' },
    });
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Approve' }));
    await within(cards()[0]!).findByRole('status');
    expect(calls.slice(1)).toEqual([
      'POST /api/v3/creator-applications/b2/reject {"note":"Send three loops you made yourself."}',
      'POST /api/v3/creator-applications/a1/approve',
    ]);
  });

  it('says why a decision failed and keeps the buttons', async () => {
    serve('moderator', [{ ...applications[0], id: 'gone' }]);
    await screen.findByRole('heading', { name: '@ann' });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No pending application with that id.',
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('says when nothing is waiting', async () => {
    serve('moderator', []);
    expect((await screen.findByRole('status')).textContent).toBe('No applications waiting.');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('tells a user who is not staff that the page is not for them', async () => {
    const calls = serve('creator');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not allowed: this page is for moderators and admins only.',
    );
    expect(calls).toEqual([]);
  });
});
