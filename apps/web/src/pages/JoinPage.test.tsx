// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import JoinPage from './JoinPage.tsx';

describe('the join form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what is wrong with each field, in words, and sends nothing', () => {
    const sent = vi.fn();
    vi.stubGlobal('fetch', sent);
    render(
      <MemoryRouter initialEntries={['/join']}>
        <JoinPage />
      </MemoryRouter>,
    );
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
});
