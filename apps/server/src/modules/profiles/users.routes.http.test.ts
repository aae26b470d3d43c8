import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('/api/v1/users/{id}/', () => {
  let t: TestJiffy;
  let signedIn: Record<string, SiteClient>;

  beforeAll(async () => {
    t = await startTestJiffy();
    signedIn = await signedInUsers(t, [
      ['ann', 'user'],
      ['ben', 'creator'],
      ['root', 'admin'],
    ]);
  });
  afterAll(() => t.stop());

  const patch = (client: SiteClient, id: string, body: object) =>
    client.request({ method: 'PATCH', url: `/api/v1/users/${id}/`, body });

  it('shows public fields to anyone and private ones to the owner and admins', async () => {
    const anonymous = (await new SiteClient(t.jiffy.app).get('/api/v1/users/idann/')).json<{
      data: Record<string, unknown>;
    }>();
    expect(anonymous.data).toMatchObject({
      id: 'idann',
      username: 'ann',
      display_name: 'ANN',
      is_public: true,
    });
    expect(anonymous.data).not.toHaveProperty('email');
    expect((await signedIn.ben!.get('/api/v1/users/idann/')).json()).not.toHaveProperty(
      'data.email',
    );
    expect((await signedIn.ann!.get('/api/v1/users/idann/')).json()).toMatchObject({
      data: { email: 'ann@example.com', role: 'user' },
    });
    expect((await signedIn.root!.get('/api/v1/users/idann/')).json()).toMatchObject({
      data: { email: 'ann@example.com' },
    });
    expect((await signedIn.ann!.get('/api/v1/users/nobody/')).statusCode).toBe(404);
  });

  it('lets the owner edit their profile', async () => {
    const response = await patch(signedIn.ann!, 'idann', {
      display_name: 'Ann A.',
      description: 'I make loops',
      website_url: 'https://ann.example.com',
      suppress_chrome: true,
      attribution_display_name: 'Ann Studio',
      freelance: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: {
        display_name: 'Ann A.',
        description: 'I make loops',
        suppress_chrome: true,
        freelance: true,
        attribution_display_name: 'Ann Studio',
      },
    });
  });

  it('refuses other people, anonymous callers and missing CSRF, changing nothing', async () => {
    const before = await t.jiffy.services.users.findById('idann');
    const other = await patch(signedIn.ben!, 'idann', { display_name: 'hacked' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: { code: 'forbidden' } });
    const anonymous = new SiteClient(t.jiffy.app);
    await anonymous.get('/login/check');
    const nobody = await patch(anonymous, 'idann', { display_name: 'hacked' });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toMatchObject({ error: { code: 'not_signed_in' } });
    const noCsrf = await signedIn.ann!.request({
      method: 'PATCH',
      url: '/api/v1/users/idann/',
      body: { display_name: 'x' },
      csrf: 'omit',
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await t.jiffy.services.users.findById('idann')).toEqual(before);
  });

  it('refuses fields a profile may not set, and wrong types', async () => {
    for (const body of [
      { role: 'admin' },
      { is_verified: true },
      { email: 'new@example.com' },
      { display_name: 42 },
      { website_url: 'javascript:alert(1)' },
      { description: 'x'.repeat(501) },
    ]) {
      const response = await patch(signedIn.ann!, 'idann', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.jiffy.services.users.findById('idann'))?.role).toBe('user');
  });

  it('lets an admin edit anyone', async () => {
    expect((await patch(signedIn.root!, 'idben', { is_public: false })).statusCode).toBe(200);
    expect((await t.jiffy.services.users.findById('idben'))?.is_public).toBe(false);
  });
});
