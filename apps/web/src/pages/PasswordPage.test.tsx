// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PasswordPage from './PasswordPage.tsx';

describe('the new-password form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells the owner that the reset ended their API tokens, and where to make new ones', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ data: { status: 'password_changed', api_tokens_revoked: 2 } }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    render(
      <MemoryRouter initialEntries={['/password?token=abc']}>
        <PasswordPage />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'a brand new passphrase' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password changed');
    expect(screen.getByText(/so have your 2 personal API tokens/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'make new ones in Settings' }).getAttribute('href'),
    ).toBe('/settings');
  });
});
