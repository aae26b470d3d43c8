import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient, waitForMail } from '../../../testing/site-client.ts';
import { signedInUsers, TEST_PASSWORD } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// What a completed password reset ends, and the CSRF secret that changes with sign-in.
describe('a completed password reset', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
  });
  afterAll(() => t.stop());

  /** The reset links mailed to `to`, once `count` of them have been sent. */
  const resetLinks = async (to: string, count: number) =>
    (await waitForMail(t.dataDir, to, 'Reset your Jiffy password', count)).map(
      (m) => /token=([A-Za-z0-9]+)/.exec(m.text)![1]!,
    );
  const setCta = (token: string) =>
    t.jiffy.app.inject({
      method: 'PUT',
      url: `/v1/gifs/resetgif/cta?api_key=${t.apiKey}`,
      headers: { authorization: `Token ${token}` },
      payload: { link: 'https://example.com/shop', text: 'Shop' },
    });

  it('ends the sibling reset links, every personal API token and session, and rotates CSRF', async () => {
    const { resetter: signedIn } = await signedInUsers(t, [['resetter', 'creator']]);
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'resetgif', user_id: 'idresetter' });
    const made = await signedIn!.post('/api/v3/tokens', { name: 'scheduler' });
    const apiToken = made.json<{ data: { token: string } }>().data.token;
    expect((await setCta(apiToken)).statusCode).toBe(200);

    // Two links asked for (say one by the owner, one by whoever knew the old password).
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    for (let i = 0; i < 2; i++)
      await client.post('/api/v3/password/reset', { email: 'resetter@example.com' });
    const [first, sibling] = await resetLinks('resetter@example.com', 2);
    const csrfBefore = client.cookies.get('jiffy_csrf');

    const done = await client.post('/api/v3/password/reset', {
      token: first!,
      password: 'a brand new passphrase',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { status: 'password_changed', api_tokens_revoked: 1 } });
    const csrfAfter = done.cookies.find((c) => c.name === 'jiffy_csrf')?.value;
    expect(csrfAfter).toBeTruthy();
    expect(csrfAfter).not.toBe(csrfBefore);

    const again = await client.post('/api/v3/password/reset', {
      token: sibling!,
      password: 'the attacker wants this one',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'invalid_token' } });
    const refused = await setCta(apiToken);
    expect(refused.statusCode).toBe(401);
    expect((await signedIn!.get('/login/check')).json()).toMatchObject({
      data: { logged_in: false },
    });
    // The settings page lists no token: the owner makes new ones.
    const owner = new SiteClient(t.jiffy.app);
    await owner.get('/login/check');
    await owner.post('/api/v3/login', { login: 'resetter', password: 'a brand new passphrase' });
    expect((await owner.get('/api/v3/tokens')).json()).toEqual({ data: [] });
  });

  it('gives a new CSRF secret at sign-in', async () => {
    await signedInUsers(t, [['csrfuser', 'user']]);
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    const planted = client.cookies.get('jiffy_csrf');
    const login = await client.post('/api/v3/login', {
      login: 'csrfuser',
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const fresh = login.cookies.find((c) => c.name === 'jiffy_csrf');
    expect(fresh?.value).toBeTruthy();
    expect(fresh?.value).not.toBe(planted);
    expect(fresh?.httpOnly).toBeFalsy();
    // The new secret works for the next call; the planted one no longer does.
    expect((await client.post('/api/v3/tokens', { name: 'after login' })).statusCode).toBe(201);
    expect((await client.post('/api/v3/tokens', { name: 'planted' }, planted)).statusCode).toBe(
      403,
    );
  });
});

// The mail goes out after the answer: what happens to it cannot show in the answer. With a mail
// server that never answers, a reset for an account and one for no account answer alike.
describe('a reset asked for while mail cannot be sent', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, every send fails.
    t = await startTestJiffy({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t.stop());

  it('answers an address with an account exactly as one without', async () => {
    await signedInUsers(t, [['mailless', 'user']]);
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    const known = await client.post('/api/v3/password/reset', { email: 'mailless@example.com' });
    const unknown = await client.post('/api/v3/password/reset', { email: 'nobody@example.com' });
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(known.json()).toEqual({ data: { status: 'sent_if_registered' } });
  });
});
