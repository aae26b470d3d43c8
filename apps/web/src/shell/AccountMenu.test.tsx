// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountLinks } from './AccountLinks.tsx';

/** The header's account corner for a user signed in with `role`, and the path it is on. */
function signedInAs(role: string, is_verified = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/login/check'
        ? Response.json({
            data: {
              logged_in: true,
              user: { id: 'u', username: 'kit', display_name: 'Kit', email: '', role, is_verified },
            },
          })
        : new Response('{}', { status: 404 }),
    ),
  );
  const Where = () => <output aria-label="Path">{useLocation().pathname}</output>;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <p>Page text</p>
            <nav aria-label="Sections">
              <AccountLinks />
            </nav>
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const linksOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((a) => `${a.textContent} ${a.getAttribute('href')}`);

/** Opens the menu and reads it: the links of each named list, then the unnamed one's. */
async function openMenu() {
  const button = await screen.findByRole('button', { name: '@kit, account menu' });
  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
  const lists = within(panel).getAllByRole('list');
  return {
    button,
    panel,
    groups: Object.fromEntries(
      lists.map((list) => [
        list.hasAttribute('aria-labelledby')
          ? document.getElementById(list.getAttribute('aria-labelledby')!)!.textContent
          : '(account)',
        linksOf(list),
      ]),
    ),
  };
}

const YOUR_GIFS = [
  'Upload /upload',
  'Create a GIF /create',
  'Edit your GIFs /edit/gifs',
  'Dashboard /dashboard',
];
const MINE = ['Favorites /favorites', '@kit /kit'];

describe('the account menu', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a user their GIFs, Settings and the creator application, no stories nor staff pages', async () => {
    signedInAs('user');
    const { groups, panel } = await openMenu();
    expect(groups).toEqual({
      'Your GIFs': [...YOUR_GIFS, ...MINE],
      '(account)': ['Settings /settings', 'Apply to be a creator /apply'],
    });
    expect(within(panel).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('does not offer the application to a user already verified', async () => {
    signedInAs('user', true);
    expect((await openMenu()).groups['(account)']).toEqual(['Settings /settings']);
  });

  it('shows a creator their stories, and no application nor staff pages', async () => {
    signedInAs('creator', true);
    expect((await openMenu()).groups).toEqual({
      'Your GIFs': [...YOUR_GIFS, 'Stories /dashboard/stories', ...MINE],
      '(account)': ['Settings /settings'],
    });
  });

  it('shows a moderator the staff pages but the audit log', async () => {
    signedInAs('moderator');
    const { groups } = await openMenu();
    expect(groups['Your GIFs']).toEqual([...YOUR_GIFS, 'Stories /dashboard/stories', ...MINE]);
    expect(groups.Staff).toEqual([
      'Moderation queue /dashboard/moderation',
      'Trending schedule /dashboard/schedule',
      'Content search /dashboard/search',
    ]);
    expect(groups['(account)']).toEqual(['Settings /settings']);
  });

  it('shows an admin every staff page, the audit log too', async () => {
    signedInAs('admin');
    expect((await openMenu()).groups.Staff).toEqual([
      'Moderation queue /dashboard/moderation',
      'Audit log /dashboard/moderation/audit-log',
      'Trending schedule /dashboard/schedule',
      'Content search /dashboard/search',
    ]);
  });

  it('starts closed: the links are not shown until the button is pressed', async () => {
    signedInAs('creator');
    const button = await screen.findByRole('button', { name: '@kit, account menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(document.getElementById(button.getAttribute('aria-controls')!)!.hidden).toBe(true);
  });

  it('closes on Escape from a link inside, focus back on the button', async () => {
    signedInAs('creator');
    const { button, panel } = await openMenu();
    const dashboard = within(panel).getByRole('link', { name: 'Dashboard' });
    dashboard.focus();
    fireEvent.keyDown(dashboard, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    // Pressed again (Enter and Space press a button), it opens again.
    fireEvent.click(button);
    expect(panel.hidden).toBe(false);
  });

  it('closes when a link is followed, the page changing and focus staying on the button', async () => {
    signedInAs('creator');
    const { button, panel } = await openMenu();
    fireEvent.click(within(panel).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('status', { name: 'Path' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Path' }).textContent).toBe('/dashboard');
    expect(panel.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click outside it, and when focus moves past its last control', async () => {
    signedInAs('creator');
    const { button, panel } = await openMenu();
    fireEvent.pointerDown(within(panel).getByRole('link', { name: 'Favorites' }));
    expect(panel.hidden).toBe(false);
    fireEvent.pointerDown(screen.getByText('Page text'));
    expect(panel.hidden).toBe(true);

    fireEvent.click(button);
    const logOut = within(panel).getByRole('button', { name: 'Log out' });
    fireEvent.blur(logOut, { relatedTarget: screen.getByRole('status', { name: 'Path' }) });
    expect(panel.hidden).toBe(true);
  });
});
