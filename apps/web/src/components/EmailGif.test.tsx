// @vitest-environment jsdom
import type { Gif } from '@jiffy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailGif } from './EmailGif.tsx';

const gif = { id: 'abc123' } as unknown as Gif;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server whose session and instashare answers the test chooses; records what was sent. */
function serve(signedIn: boolean, answers: Response[]) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/login/check')
        return json(200, { data: { logged_in: signedIn, user: signedIn ? { id: 'u' } : null } });
      sent.push([init.method, url, JSON.parse(init.body as string)]);
      return answers.shift()!;
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <EmailGif gif={gif} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

describe('e-mailing a GIF from the share panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the address, says where it went, and shows a refusal in the server’s words', async () => {
    const sent = serve(true, [
      json(201, { data: { gif_id: 'abc123', to: 'pal@example.net', status: 'sent' } }),
      json(429, {
        error: { code: 'too_many_attempts', message: 'Too many attempts; try again in 3600 s.' },
      }),
    ]);
    const field = await screen.findByLabelText('E-mail it to');
    fireEvent.change(field, { target: { value: 'pal@example.net' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('status')).textContent).toBe('Sent to pal@example.net.');
    expect((field as HTMLInputElement).value).toBe('');

    fireEvent.change(field, { target: { value: 'pal2@example.net' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts; try again in 3600 s.',
    );
    expect(sent).toEqual([
      ['POST', '/ajax/instashare/', { gif_id: 'abc123', to: 'pal@example.net' }],
      ['POST', '/ajax/instashare/', { gif_id: 'abc123', to: 'pal2@example.net' }],
    ]);
  });

  it('asks a visitor to sign in instead of offering a form', async () => {
    serve(false, []);
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.queryByLabelText('E-mail it to')).toBeNull();
  });
});
