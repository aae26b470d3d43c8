import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { SESSION_COOKIE } from './site-security.ts';

// A session's user is kept for a moment between requests (every signed-in request asks for it).
// What a user sees must still follow every change of their account: at once on the node that
// made it, within a second on another.
const QUEUE = '/api/v3/moderation/queue';

describe("a session's user, kept between requests", () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
  });
  afterAll(() => t?.stop());

  it('follows a role given or taken and a sign-out on the very next request', async () => {
    const { alice } = await signedInUsers(t, [['alice', 'user']]);
    expect((await alice!.get(QUEUE)).statusCode).toBe(403);
    expect((await alice!.get(QUEUE)).statusCode).toBe(403); // answered from what was kept

    // A writer other than the site's routes: the operator's command line.
    const staffRoles = t.jiffy.services.staffRoles;
    await staffRoles.setRoleAsOperator('alice', 'moderator', 'test');
    expect((await alice!.get(QUEUE)).statusCode).toBe(200);
    await staffRoles.setRoleAsOperator('alice', 'user', 'test');
    expect((await alice!.get(QUEUE)).statusCode).toBe(403);

    // The ended session's cookie, sent again, names nobody.
    const session = alice!.cookies.get(SESSION_COOKIE)!;
    expect((await alice!.post('/api/v3/logout')).statusCode).toBe(200);
    alice!.cookies.set(SESSION_COOKIE, session);
    expect((await alice!.get(QUEUE)).statusCode).toBe(401);
  });

  // Only a PostgreSQL server has several nodes; the embedded database belongs to one process.
  it.runIf(process.env.DATABASE_URL)(
    "follows another node's change of the user within a second",
    async () => {
      const { DATABASE_URL, DATABASE_SCHEMA } = t.jiffy.config;
      const b = await startTestJiffy(
        { DATABASE_URL: DATABASE_URL!, DATABASE_SCHEMA: DATABASE_SCHEMA! },
        { role: 'api', dataDir: t.dataDir, keepOnStop: true },
      );
      try {
        const { bob } = await signedInUsers(b, [['bob', 'user']]);
        expect((await bob!.get(QUEUE)).statusCode).toBe(403); // now kept on B

        const { root } = await signedInUsers(t, [['root', 'admin']]);
        const given = await root!.request({
          method: 'PUT',
          url: '/api/v4/users/idbob/role',
          body: { role: 'moderator' },
        });
        expect(given.statusCode).toBe(200);
        const changed = Date.now();
        let status = (await bob!.get(QUEUE)).statusCode;
        while (status === 403 && Date.now() - changed < 1100) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          status = (await bob!.get(QUEUE)).statusCode;
        }
        expect(status).toBe(200);
      } finally {
        await b.stop();
      }
    },
  );
});
