// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StaffPage from './StaffPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Member = {
  id: string;
  username: string;
  display_name: string;
  role: string;
  returns_to: string | null;
};
const member = (username: string, role: string, returnsTo: string | null): Member => ({
  id: `id${username}`,
  username,
  display_name: username.toUpperCase(),
  role,
  returns_to: returnsTo,
});

/**
 * A server with a signed-in user of `role`, whose staff are `staff` and whose other users are
 * `others`; a role change moves a user between them as the server would. Records the calls.
 */
function serve(role: string, staff: Member[], others: Member[] = []) {
  const calls: string[] = [];
  const everyone = new Map([...staff, ...others].map((m) => [m.id, m]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/login/check')
        return json(200, { data: { logged_in: true, user: { id: 'me', username: 'me', role } } });
      calls.push(
        `${init?.method ?? 'GET'} ${url}${typeof init?.body === 'string' ? ` ${init.body}` : ''}`,
      );
      if (url === '/api/v4/staff')
        return json(200, {
          data: [...everyone.values()].filter((m) => m.role === 'admin' || m.role === 'moderator'),
        });
      const wanted = /candidates\?username=(\w+)/.exec(url)?.[1];
      if (wanted) {
        const found = [...everyone.values()].find((m) => m.username === wanted);
        return found
          ? json(200, { data: found })
          : json(404, { error: { code: 'user_not_found', message: 'No user has that name.' } });
      }
      const id = /users\/(\w+)\/role$/.exec(url)![1]!;
      const asked = (JSON.parse(init!.body as string) as { role: string }).role;
      const before = everyone.get(id)!;
      if (before.username === 'solo' && asked !== 'admin')
        return json(409, {
          error: {
            code: 'last_admin',
            message: 'solo is the only admin: make someone else an admin first.',
          },
        });
      const after =
        asked === 'user'
          ? { ...before, role: before.returns_to ?? 'user', returns_to: null }
          : { ...before, role: asked, returns_to: before.returns_to ?? before.role };
      everyone.set(id, after);
      return json(200, { data: { user: after, previous_role: before.role, changed: true } });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/dashboard/moderation/staff']}>
        <Routes>
          <Route path="/dashboard/moderation/staff" element={<StaffPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const rows = () => within(screen.getAllByRole('list')[0]!).getAllByRole('listitem');

describe('/dashboard/moderation/staff', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the staff with their roles and what revoking returns each to', async () => {
    serve('admin', [member('boss', 'admin', 'user'), member('kim', 'moderator', 'creator')]);
    await screen.findByRole('link', { name: '@kim' });
    const [boss, kim] = rows();
    expect(boss!.textContent).toContain('@boss (BOSS) · admin');
    expect(within(boss!).getByRole('button', { name: 'Make moderator' })).toBeTruthy();
    expect(within(boss!).getByRole('button', { name: 'Revoke (back to user)' })).toBeTruthy();
    expect(within(kim!).getByRole('link', { name: '@kim' }).getAttribute('href')).toBe('/kim');
    expect(within(kim!).getByRole('button', { name: 'Make admin' })).toBeTruthy();
    expect(within(kim!).getByRole('button', { name: 'Revoke (back to creator)' })).toBeTruthy();
  });

  it('finds a user by name and appoints them, who then shows among the staff', async () => {
    const calls = serve(
      'admin',
      [member('boss', 'admin', 'user')],
      [member('alice', 'creator', null)],
    );
    await screen.findByRole('link', { name: '@boss' });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' nobody ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No user has that name.');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    const appoint = screen.getByRole('region', { name: 'Appoint' });
    fireEvent.click(await within(appoint).findByRole('button', { name: 'Make moderator' }));
    expect(
      await within(appoint).findByRole('button', { name: 'Revoke (back to creator)' }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]!.textContent).toContain('@alice (ALICE) · moderator');
    expect(calls).toContain('PUT /api/v4/users/idalice/role {"role":"moderator"}');
  });

  it('says why the last admin cannot be demoted', async () => {
    serve('admin', [member('solo', 'admin', 'user')]);
    await screen.findByRole('link', { name: '@solo' });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke (back to user)' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'solo is the only admin: make someone else an admin first.',
    );
  });

  it('tells a moderator the page is for admins only, and asks it nothing', async () => {
    const calls = serve('moderator', []);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not allowed: this page is for admins only.',
    );
    expect(calls).toEqual([]);
  });
});
