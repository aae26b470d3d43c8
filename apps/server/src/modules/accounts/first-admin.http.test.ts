import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const PASSWORD = 'admin password from env';
let running: TestJiffy[] = [];
afterEach(async () => {
  for (const t of running) await t.stop();
  running = [];
});

async function signIn(t: TestJiffy, login: string, password: string) {
  const client = new SiteClient(t.jiffy.app);
  await client.get('/login/check');
  const response = await client.post('/api/v3/login', { login, password });
  return { response, client };
}

describe('JIFFY_ADMIN on first start', () => {
  it('creates the named admin, who can sign in and review applications', async () => {
    const t = await startTestJiffy({
      JIFFY_ADMIN: 'boss',
      JIFFY_ADMIN_EMAIL: 'boss@example.com',
      JIFFY_ADMIN_PASSWORD: PASSWORD,
    });
    running.push(t);
    const { response, client } = await signIn(t, 'boss', PASSWORD);
    expect(response.statusCode).toBe(200);
    const me = await client.get('/login/check');
    expect(me.json()).toMatchObject({ data: { logged_in: true, user: { username: 'boss' } } });
    // Only moderators and admins may list creator applications.
    expect((await client.get('/api/v3/creator-applications')).statusCode).toBe(200);
  });

  it('does nothing once an admin exists, so changing the variable later takes no one over', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'jiffy-first-admin-'));
    const first = await startTestJiffy(
      { JIFFY_ADMIN: 'boss', JIFFY_ADMIN_PASSWORD: PASSWORD },
      { dataDir, keepOnStop: true },
    );
    const { DATABASE_URL, DATABASE_SCHEMA: schema } = first.jiffy.config;
    await first.stop();
    const second = await startTestJiffy(
      {
        JIFFY_ADMIN: 'intruder',
        JIFFY_ADMIN_PASSWORD: PASSWORD,
        ...(DATABASE_URL && schema ? { DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
      },
      { dataDir },
    );
    running.push(second);
    expect((await signIn(second, 'boss', PASSWORD)).response.statusCode).toBe(200);
    expect((await signIn(second, 'intruder', PASSWORD)).response.statusCode).toBe(401);
    expect(await second.jiffy.services.users.findByUsername('intruder')).toBeUndefined();
  });
});
