import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionMatrix, signedInUsers } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Member = { id: string; username: string; role: string; returns_to: string | null };
type AuditBody = {
  data: {
    action: string;
    subject: { id: string; username: string | null } | null;
    actor: { username: string | null } | null;
    actor_note: string | null;
    before: unknown;
    after: unknown;
  }[];
};

const code = (response: LightMyRequestResponse) =>
  response.json<{ error?: { code: string } }>().error?.code;
const message = (response: LightMyRequestResponse) =>
  response.json<{ error?: { message: string } }>().error?.message ?? '';

describe('staff roles: the Staff page calls and the service behind them', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;

  const setRole = (client: SiteClient, userId: string, body: object) =>
    client.request({ method: 'PUT', url: `/api/v4/users/${userId}/role`, body });
  const roleOf = async (id: string) => (await t.jiffy.services.users.findById(id))!.role;
  /** A request with a body as written (another encoding, or not JSON), signed in as `client`. */
  const raw = (client: SiteClient, url: string, payload: string, contentType: string) =>
    t.jiffy.app.inject({
      method: 'PUT',
      url,
      payload,
      headers: {
        'content-type': contentType,
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': client.cookies.get('jiffy_csrf')!,
      },
    });
  const auditLog = async () =>
    (await users.adm!.get('/api/v3/moderation/audit-log?limit=50')).json<AuditBody>().data;

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
  });
  afterAll(() => t.stop());

  it('lets only admins list staff, find a user or change a role (the permission matrix)', async () => {
    const cast: [string, SiteClient, number][] = [
      ['anonymous', visitor, 401],
      ['ann', users.ann!, 403],
      ['ben', users.ben!, 403],
      ['cat', users.cat!, 403],
      ['mod', users.mod!, 403],
      ['adm', users.adm!, 200],
    ];
    for (const [who, client, status] of cast) {
      expect((await client.get('/api/v4/staff')).statusCode, who).toBe(status);
      expect((await client.get('/api/v4/staff/candidates?username=ann')).statusCode, who).toBe(
        status,
      );
    }
    // Changing roles: ann asking for her own promotion, others for ann's; none but adm may.
    for (const [who, client, status] of cast) {
      if (status === 200) continue;
      const response = await setRole(client, 'idann', { role: 'admin' });
      expect(response.statusCode, who).toBe(status);
    }
    expect(await roleOf('idann')).toBe('user');
    // Every refusal left nothing in the audit log.
    expect((await auditLog()).filter((e) => e.action === 'user.set_role')).toEqual([]);
  });

  it('lists the moderators and admins, admins first, saying what revoking returns each to', async () => {
    const staff = (await users.adm!.get('/api/v4/staff')).json<{ data: Member[] }>().data;
    expect(staff.map((m) => [m.username, m.role, m.returns_to])).toEqual([
      ['adm', 'admin', 'user'],
      ['mod', 'moderator', 'user'],
    ]);
    const found = await users.adm!.get('/api/v4/staff/candidates?username=CAT');
    expect(found.json()).toEqual({
      data: {
        id: 'idcat',
        username: 'cat',
        display_name: 'CAT',
        role: 'creator',
        returns_to: null,
      },
    });
    expect(found.body).not.toContain('@example.com');
  });

  it('appoints a creator moderator from their next request, and revoking makes them a creator again', async () => {
    expect((await users.cat!.get('/api/v3/moderation/queue')).statusCode).toBe(403);
    const made = await setRole(users.adm!, 'idcat', { role: 'moderator' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({
      data: {
        user: {
          id: 'idcat',
          username: 'cat',
          display_name: 'CAT',
          role: 'moderator',
          returns_to: 'creator',
        },
        previous_role: 'creator',
        changed: true,
      },
    });
    // Same session, no new sign-in: the role is read on every request.
    expect((await users.cat!.get('/api/v3/moderation/queue')).statusCode).toBe(200);
    const [entry] = await auditLog();
    expect(entry).toMatchObject({
      action: 'user.set_role',
      subject: { id: 'idcat', username: 'cat' },
      actor: { username: 'adm' },
      actor_note: null,
      before: { role: 'creator' },
      after: { role: 'moderator' },
    });

    // Moderator to admin and back keeps what they were underneath.
    expect((await setRole(users.adm!, 'idcat', { role: 'admin' })).statusCode).toBe(200);
    expect((await setRole(users.adm!, 'idcat', { role: 'moderator' })).statusCode).toBe(200);
    const revoked = await setRole(users.adm!, 'idcat', { role: 'user' });
    expect(revoked.json()).toMatchObject({
      data: { user: { role: 'creator', returns_to: null }, previous_role: 'moderator' },
    });
    expect((await users.cat!.get('/api/v3/moderation/queue')).statusCode).toBe(403);
    // Asking again changes nothing and writes nothing.
    const entries = (await auditLog()).length;
    const again = await setRole(users.adm!, 'idcat', { role: 'user' });
    expect(again.json()).toMatchObject({ data: { user: { role: 'creator' }, changed: false } });
    expect(await auditLog()).toHaveLength(entries);
  });

  it('refuses bad input with a 400 that names the problem, and unknown users with a 404', async () => {
    const adm = users.adm!;
    const refusals: [LightMyRequestResponse, RegExp][] = [
      [await setRole(adm, 'idben', { role: 'owner' }), /^role: one of user, moderator, admin/],
      [await setRole(adm, 'idben', { role: 'creator' }), /^role: /],
      [await setRole(adm, 'idben', { role: 'MODERATOR' }), /^role: /],
      [await setRole(adm, 'idben', { role: 7 }), /^role: /],
      [await setRole(adm, 'idben', { role: ['admin'] }), /^role: /],
      [await setRole(adm, 'idben', {}), /^role: /],
      [await setRole(adm, 'idben', { role: 'x'.repeat(100_000) }), /^role: /],
      [await setRole(adm, 'idben', { role: 'admin', admin: true }), /"admin"/],
      [await setRole(adm, 'idben', { role: 'admin\u0000' }), /role/],
      [await setRole(adm, 'not%20an%20id', { role: 'admin' }), /^id: not a user id/],
      [await setRole(adm, 'x'.repeat(90), { role: 'admin' }), /^id: not a user id/],
      [await adm.get('/api/v4/staff/candidates'), /^username: /],
      [await adm.get('/api/v4/staff/candidates?username=a'), /^username: /],
      [await adm.get(`/api/v4/staff/candidates?username=${'b'.repeat(10_000)}`), /^username: /],
      [await adm.get('/api/v4/staff/candidates?username=%EF%BC%A1nn'), /^username: /],
      [await adm.get('/api/v4/staff/candidates?username=ann%00'), /NUL/],
      [await adm.get('/api/v4/staff/candidates?username=ann&username=ben'), /^username: /],
      [await adm.get('/api/v4/staff/candidates?username=ann&role=admin'), /"role"/],
      [await adm.get('/api/v4/staff?limit=5'), /"limit"/],
    ];
    for (const [response, expected] of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(code(response)).toBe('invalid_request');
      expect(message(response)).toMatch(expected);
    }
    // Other encodings of the body: a form is read like JSON, and held to the same schema; text,
    // JSON in UTF-16 and broken JSON are refused.
    const form = 'application/x-www-form-urlencoded';
    const formUnknown = await raw(adm, '/api/v4/users/idben/role', 'role=admin&x=1', form);
    expect([formUnknown.statusCode, message(formUnknown)]).toEqual([400, 'Unrecognized key: "x"']);
    const formBadRole = await raw(adm, '/api/v4/users/idben/role', 'role=owner', form);
    expect([formBadRole.statusCode, code(formBadRole)]).toEqual([400, 'invalid_request']);
    for (const [payload, type] of [
      ['admin', 'text/plain'],
      [Buffer.from('{"role":"admin"}', 'utf16le').toString('latin1'), 'application/json'],
      ['{"role":', 'application/json'],
    ] as const) {
      const response = await raw(adm, '/api/v4/users/idben/role', payload, type);
      expect(response.statusCode, `${type}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${type}: ${response.body}`).toBeLessThan(500);
    }
    // A path parameter past the router's length is refused before any route sees it.
    expect((await setRole(adm, 'x'.repeat(5000), { role: 'admin' })).statusCode).toBe(414);
    const unknown = await setRole(adm, 'nobody123', { role: 'moderator' });
    expect(unknown.statusCode).toBe(404);
    expect(code(unknown)).toBe('user_not_found');
    const notFound = await adm.get('/api/v4/staff/candidates?username=nobody');
    expect([notFound.statusCode, code(notFound)]).toEqual([404, 'user_not_found']);
    // Without the CSRF echo the change is refused before it is read.
    const noCsrf = await adm.request({
      method: 'PUT',
      url: '/api/v4/users/idben/role',
      body: { role: 'admin' },
      csrf: 'omit',
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await roleOf('idben')).toBe('user');
  });

  it('never demotes the last admin, even when two admins demote each other at once', async () => {
    const alone = await setRole(users.adm!, 'idadm', { role: 'moderator' });
    expect([alone.statusCode, code(alone)]).toEqual([409, 'last_admin']);
    expect(await roleOf('idadm')).toBe('admin');

    const { eve } = await signedInUsers(t, [['eve', 'admin']]);
    const answers = await Promise.all([
      setRole(users.adm!, 'ideve', { role: 'user' }),
      setRole(eve!, 'idadm', { role: 'user' }),
    ]);
    // One wins; the other is refused: as the last admin's demotion (409), or, when it is read
    // after the winner's change, as no longer an admin (403).
    const [won, lost] = answers.map((a) => a.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    expect(await t.jiffy.services.users.countAdmins()).toBe(1);

    // The same through the service, many times over, racing in both directions.
    const staffRoles = t.jiffy.services.staffRoles;
    const admins = async () =>
      (await staffRoles.staff({ id: 'root', role: 'admin' })).filter((u) => u.role === 'admin');
    for (let round = 0; round < 5; round++) {
      const [survivor] = await admins();
      const other = survivor!.id === 'idadm' ? 'ideve' : 'idadm';
      await staffRoles.setRole({ id: survivor!.id, role: 'admin' }, other, 'admin');
      const results = await Promise.allSettled([
        staffRoles.setRole({ id: 'idadm', role: 'admin' }, 'ideve', 'user'),
        staffRoles.setRole({ id: 'ideve', role: 'admin' }, 'idadm', 'user'),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect((refused.reason as { code: string }).code).toBe('last_admin');
      expect(await admins()).toHaveLength(1);
    }
  });
});
