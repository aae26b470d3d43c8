// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import JoinPage from './JoinPage.tsx';

const renderJoin = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/join']}>
        <JoinPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the join form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what is wrong with each field, in words, and sends nothing', () => {
    const sent = vi.fn();
    vi.stubGlobal('fetch', sent);
    renderJoin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'a b' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'not-mail' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Letters, digits and underscores, 2–30 characters.',
      'That is not an e-mail address.',
      'At least 10 characters.',
    ]);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('says the server’s refusal of a field in the same words, never as a field path', async () => {
    // An address the form lets through and the server's stricter check refuses.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: 'invalid_request',
              message: 'email: not an e-mail address',
              request_id: 'r1',
              details: { field: 'email' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderJoin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'dotty' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'dot..dot@x.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That is not an e-mail address.');
  });
});
