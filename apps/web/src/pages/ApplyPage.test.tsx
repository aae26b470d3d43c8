// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyApplication } from '@jiffy/contracts';
import ApplyPage from './ApplyPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The applicant's latest application as `/mine` answers it (the contract's own type). */
type Mine = MyApplication | null;

/**
 * A server with a signed-in `user` whose latest application is `mine`; a POST files a pending
 * one. Records every call but the session's.
 */
function serve(user: { role: string; is_verified?: boolean } | null, mine: Mine = null) {
  const calls: string[] = [];
  let current = mine;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/login/check')
        return json(200, {
          data: user
            ? { logged_in: true, user: { id: 'u', username: 'ann', is_verified: false, ...user } }
            : { logged_in: false, user: null },
        });
      calls.push(
        `${init?.method ?? 'GET'} ${url}${typeof init?.body === 'string' ? ` ${init.body}` : ''}`,
      );
      if (init?.method === 'POST') {
        current = {
          id: 'new',
          status: 'pending',
          created_at: '2026-12-01T12:00:00.000Z',
          reviewed_at: null,
          decision_note: null,
        };
        return json(201, { data: { id: 'new', status: 'pending' } });
      }
      return json(200, { data: current });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/apply']}>
        <Routes>
          <Route path="/apply" element={<ApplyPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const form = () => screen.queryByRole('button', { name: 'Apply' });

describe('/apply', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the form to a user who never applied, then says the application is pending', async () => {
    const calls = serve({ role: 'user' });
    const message = await screen.findByLabelText('About your work (at least 10 characters)');
    expect((form() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(message, { target: { value: 'I animate cats daily.' } });
    fireEvent.change(screen.getByLabelText('Portfolio link (optional)'), {
      target: { value: ' https://cats.example.com ' },
    });
    fireEvent.click(form()!);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your application is pending: sent Dec 1, 2026. A moderator will review it; approved creators get the verified badge.',
    );
    expect(form()).toBeNull();
    expect(calls).toEqual([
      'GET /api/v3/creator-applications/mine',
      'POST /api/v3/creator-applications {"message":"I animate cats daily.","portfolio_url":"https://cats.example.com"}',
      'GET /api/v3/creator-applications/mine',
    ]);
  });

  it('shows a pending application instead of the form', async () => {
    serve(
      { role: 'user' },
      {
        id: 'a1',
        status: 'pending',
        created_at: '2026-11-02T12:00:00.000Z',
        reviewed_at: null,
        decision_note: null,
      },
    );
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your application is pending: sent Nov 2, 2026.',
    );
    expect(form()).toBeNull();
    expect(screen.queryByLabelText('About your work (at least 10 characters)')).toBeNull();
  });

  it('says a declined application was declined, and offers the form again', async () => {
    serve(
      { role: 'user' },
      {
        id: 'a1',
        status: 'rejected',
        created_at: '2026-11-02T12:00:00.000Z',
        reviewed_at: '2026-11-05T12:00:00.000Z',
        decision_note: null,
      },
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your application of Nov 2, 2026 was declined on Nov 5, 2026. You can apply again.',
    );
    expect(form()).toBeTruthy();
  });

  it("shows the moderator's note with the decision, as text", async () => {
    serve(
      { role: 'user' },
      {
        id: 'a1',
        status: 'rejected',
        created_at: '2026-11-02T12:00:00.000Z',
        reviewed_at: '2026-11-05T12:00:00.000Z',
        decision_note: 'Send <b>three</b> loops\nyou made yourself.',
      },
    );
    await screen.findByRole('status');
    const note = document.querySelector('.decision-note p')!;
    expect(note.textContent).toBe('Send <b>three</b> loops\nyou made yourself.');
    expect(note.querySelector('b')).toBeNull();
    expect(screen.getByText('— the moderator who reviewed it')).toBeTruthy();
    expect(form()).toBeTruthy();
  });

  it('says an approved application was approved, even before the session knows', async () => {
    serve(
      { role: 'user' },
      {
        id: 'a1',
        status: 'approved',
        created_at: '2026-11-02T12:00:00.000Z',
        reviewed_at: '2026-11-05T12:00:00.000Z',
        decision_note: null,
      },
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your application was approved on Nov 5, 2026. You are a verified creator.',
    );
    expect(form()).toBeNull();
  });

  it('tells a verified creator they already are one, without asking the server', async () => {
    const calls = serve({ role: 'creator', is_verified: true });
    expect((await screen.findByRole('status')).textContent).toBe(
      'You are already a verified creator. Your figures are on your dashboard.',
    );
    expect(screen.getByRole('link', { name: 'your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(form()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('tells staff their account needs no application', async () => {
    serve({ role: 'moderator' });
    expect(await screen.findByText('Your account is already a moderator account.')).toBeTruthy();
    expect(form()).toBeNull();
  });

  it('asks a visitor to log in', async () => {
    const calls = serve(null);
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe(
      '/login?next=%2Fapply',
    );
    expect(calls).toEqual([]);
  });
});
