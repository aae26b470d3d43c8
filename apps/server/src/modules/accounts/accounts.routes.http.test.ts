import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../../testing/route-list.ts';
import { readOutbox, SiteClient, waitForMail } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const PASSWORD = 'correct horse battery';
const RESET_SUBJECT = 'Reset your Jiffy password';

describe('accounts: register → confirm → login → reset, through the outbox', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
  });
  afterAll(() => t.stop());

  const outbox = () => readOutbox(t.dataDir);
  const lastMailTo = async (to: string) => (await outbox()).filter((m) => m.to === to).at(-1);
  const tokenIn = (text: string) => /(?:confirm|token)=([A-Za-z0-9]+)/.exec(text)?.[1];
  const userCount = async () =>
    (await t.jiffy.database.db.selectFrom('users').select('id').execute()).length;

  async function registered(client: SiteClient, username: string, email: string) {
    await client.get('/login/check');
    const response = await client.post('/api/v3/register', { username, email, password: PASSWORD });
    expect(response.statusCode).toBe(201);
    return response;
  }

  it('refuses state-changing calls without the CSRF header, or with a wrong one, and changes nothing', async () => {
    const client = new SiteClient(t.jiffy.app);
    const check = await client.get('/login/check');
    expect(check.json()).toEqual({ data: { logged_in: false, user: null } });
    const csrfCookie = check.cookies.find((c) => c.name === 'jiffy_csrf');
    // Readable by the page's script, which must copy it into the header.
    expect(csrfCookie).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(csrfCookie?.httpOnly).toBeFalsy();
    const before = await userCount();
    for (const csrf of ['omit', 'wrong-token-value'] as const) {
      const response = await client.post(
        '/api/v3/register',
        { username: 'sneaky', email: 's@example.com', password: PASSWORD },
        csrf,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'csrf_failed' } });
    }
    expect(await userCount()).toBe(before);
  });

  it('signs up, confirms by link, signs in with loginType, and signs out', async () => {
    const client = new SiteClient(t.jiffy.app);
    await registered(client, 'Alice_01', 'alice@example.com');
    const mail = await lastMailTo('alice@example.com');
    expect(mail?.subject).toBe('Confirm your Jiffy account');

    // By username, with the right password: the refusal names the address it waits on, so
    // the site can offer to confirm it.
    const early = await client.post('/api/v3/login', { login: 'alice_01', password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      error: { code: 'email_not_confirmed', details: { email: 'alice@example.com' } },
    });
    const wrongPassword = await client.post('/api/v3/login', {
      login: 'alice_01',
      password: 'not the password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(JSON.stringify(wrongPassword.json())).not.toContain('alice@example.com');

    // Confirming signs the account in: the session and a new CSRF cookie come with the answer.
    const token = tokenIn(mail!.text)!;
    const confirmed = await client.post('/api/v3/register/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      data: { status: 'confirmed', user: { username: 'Alice_01', email: 'alice@example.com' } },
    });
    expect(confirmed.cookies.map((c) => c.name).sort()).toEqual(['jiffy_csrf', 'jiffy_session']);
    expect((await client.get('/login/check')).json()).toMatchObject({
      data: { logged_in: true, user: { username: 'Alice_01' } },
    });
    expect((await client.post('/api/v3/logout')).statusCode).toBe(200);
    const reused = await client.post('/api/v3/register/confirm', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: { code: 'invalid_token' } });
    expect(reused.cookies.find((c) => c.name === 'jiffy_session')).toBeUndefined();

    const login = await client.post('/api/v3/login?loginType=web_header', {
      login: 'ALICE_01',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      data: { user: { username: 'Alice_01', role: 'user' }, login_type: 'web_header' },
    });
    const session = login.cookies.find((c) => c.name === 'jiffy_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const stored = await t.jiffy.database.db
      .selectFrom('sessions')
      .select(['login_type', 'token_hash'])
      .execute();
    expect(stored.map((s) => s.login_type)).toContain('web_header');
    expect(stored.map((s) => s.token_hash)).not.toContain(session!.value);

    expect((await client.get('/login/check')).json()).toMatchObject({
      data: { logged_in: true, user: { username: 'Alice_01', email: 'alice@example.com' } },
    });
    expect((await client.post('/api/v3/logout')).statusCode).toBe(200);
    expect((await client.get('/login/check')).json()).toMatchObject({ data: { logged_in: false } });
  });

  it('confirms with the typed code too, and refuses a wrong one', async () => {
    const client = new SiteClient(t.jiffy.app);
    await registered(client, 'bob', 'bob@example.com');
    const code = /code: (\d{6})/.exec((await lastMailTo('bob@example.com'))!.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await client.post('/api/v3/register/confirm', { email: 'bob@example.com', code: wrong }))
        .statusCode,
    ).toBe(400);
    const confirmed = await client.post('/api/v3/register/confirm', {
      email: 'BOB@example.com',
      code,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await client.get('/login/check')).json()).toMatchObject({
      data: { logged_in: true, user: { username: 'bob' } },
    });
    expect(
      (await client.post('/api/v3/login', { login: 'bob@example.com', password: PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps usernames unique without regard to case, and says nothing about taken e-mails', async () => {
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    const taken = await client.post('/api/v3/register', {
      username: 'ALICE_01',
      email: 'other@example.com',
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'username_taken' } });

    const before = await userCount();
    const again = await client.post('/api/v3/register', {
      username: 'alice_two',
      email: 'Alice@Example.com',
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ data: { status: 'confirmation_sent' } });
    expect(await userCount()).toBe(before);
    expect((await lastMailTo('Alice@Example.com'))?.subject).toBe(
      'Someone tried to sign up with your e-mail',
    );

    for (const bad of [
      { username: 'a', email: 'x@example.com', password: PASSWORD },
      { username: 'has space', email: 'x@example.com', password: PASSWORD },
      { username: 'okname', email: 'not-an-email', password: PASSWORD },
      { username: 'okname', email: 'x@example.com', password: 'short' },
      { username: ['array'], email: 'x@example.com', password: PASSWORD },
    ]) {
      const response = await client.post('/api/v3/register', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('resets a password with a single-use token, ending every session', async () => {
    const signedIn = new SiteClient(t.jiffy.app);
    await signedIn.get('/login/check');
    await signedIn.post('/api/v3/login', { login: 'bob', password: PASSWORD });
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    // The unknown address first: its job has run by the time the known one's mail is out.
    const unknown = await client.post('/api/v3/password/reset', { email: 'nobody@example.com' });
    const known = await client.post('/api/v3/password/reset', { email: 'bob@example.com' });
    expect(known.json()).toEqual(unknown.json());
    const [mail] = await waitForMail(t.dataDir, 'bob@example.com', RESET_SUBJECT);
    expect(await lastMailTo('nobody@example.com')).toBeUndefined();
    const token = tokenIn(mail!.text)!;

    const newPassword = 'a brand new passphrase';
    expect(
      (await client.post('/api/v3/password/reset', { token, password: newPassword })).statusCode,
    ).toBe(200);
    expect(
      (await client.post('/api/v3/password/reset', { token, password: 'another one entirely' }))
        .statusCode,
    ).toBe(400);
    expect((await signedIn.get('/login/check')).json()).toMatchObject({
      data: { logged_in: false },
    });
    expect(
      (await client.post('/api/v3/login', { login: 'bob', password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await client.post('/api/v3/login', { login: 'bob', password: newPassword })).statusCode,
    ).toBe(200);
  });

  it('counts reset requests per asker: a stranger cannot use up the owner’s resets', async () => {
    const stranger = new SiteClient(t.jiffy.app, { remoteAddress: '198.51.100.66' });
    await stranger.get('/login/check');
    const ask = (client: SiteClient) =>
      client.post('/api/v3/password/reset', { email: 'carol@example.com' });
    const strangers = [];
    for (let i = 0; i < 4; i++) strangers.push((await ask(stranger)).statusCode);
    expect(strangers).toEqual([200, 200, 200, 429]);
    const owner = new SiteClient(t.jiffy.app, { remoteAddress: '203.0.113.5' });
    await owner.get('/login/check');
    expect((await ask(owner)).statusCode).toBe(200);
    // Many askers together still send one mailbox at most ten in an hour.
    const others = [];
    for (let i = 0; i < 8; i++) {
      const asker = new SiteClient(t.jiffy.app, { remoteAddress: `192.0.2.${i + 1}` });
      await asker.get('/login/check');
      others.push((await ask(asker)).statusCode);
    }
    expect(others).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('refuses an expired reset token', async () => {
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    await client.post('/api/v3/password/reset', { email: 'alice@example.com' });
    const [mail] = await waitForMail(t.dataDir, 'alice@example.com', RESET_SUBJECT);
    const token = tokenIn(mail!.text)!;
    await t.jiffy.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const response = await client.post('/api/v3/password/reset', {
      token,
      password: 'whatever password 1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_token' } });
  });

  it('answers unknown accounts and wrong passwords alike, in similar time', async () => {
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    const time = async (login: string) => {
      const started = performance.now();
      const response = await client.post('/api/v3/login', {
        login,
        password: 'wrong password here',
      });
      const { error } = response.json<{ error: { code: string; message: string } }>();
      return {
        ms: performance.now() - started,
        answer: [error.code, error.message],
        status: response.statusCode,
      };
    };
    const known = await time('alice_01');
    const unknown = await time('no_such_user');
    expect(known.status).toBe(401);
    expect(known.answer[0]).toBe('invalid_credentials');
    expect(unknown.answer).toEqual(known.answer);
    // Both pay for one scrypt verification; an unknown account must not answer much faster.
    expect(unknown.ms).toBeGreaterThan(known.ms / 3);
  });

  it('stops brute force on one account', async () => {
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await client.post('/api/v3/login', { login: 'target_acct', password: `guess ${i} wrong` }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses a username that is a page's address, whose profile nobody could open", async () => {
    // Every first segment the server registers that a username could spell, and the site's pages.
    const served = new Set(
      routesOf(t.jiffy.app.printRoutes({ commonPrefix: false }))
        .map((route) => route.path.split('/')[1] ?? '')
        .filter((segment) => /^[A-Za-z0-9_]{2,30}$/.test(segment)),
    );
    expect(served.size).toBeGreaterThan(8);
    // Sign-ups are limited per address: the service is asked for the many, the API for one.
    for (const username of [...served, 'Search', 'DASHBOARD', 'explore']) {
      const signUp = { username, email: `${username}@example.com`, password: PASSWORD };
      await expect(t.jiffy.services.accounts.register(signUp), username).rejects.toMatchObject({
        code: 'username_taken',
      });
    }
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    const refused = await client.post('/api/v3/register', {
      username: 'Stickers',
      email: 'stickers@example.com',
      password: PASSWORD,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'username_taken' } });
    // A name that only looks like a page's address is anyone's.
    await t.jiffy.services.accounts.register({
      username: 'trending_gifs',
      email: 'near@example.com',
      password: PASSWORD,
    });
    expect((await lastMailTo('near@example.com'))?.subject).toBe('Confirm your Jiffy account');
    // The site's own page still shows, not a channel.
    expect((await client.get('/search')).statusCode).toBe(200);
  });

  it('tells the web app its build', async () => {
    const response = await new SiteClient(t.jiffy.app).get('/api/v3/env/build');
    expect(response.json()).toMatchObject({ data: { name: 'jiffy', version: '0.1.0' } });
  });
});
