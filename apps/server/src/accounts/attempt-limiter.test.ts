import { describe, expect, it } from 'vitest';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';

describe('brute-force limits across API nodes', () => {
  it('counts wrong logins on every node against one allowance in Redis', async () => {
    // Fresh names and addresses each run: Redis keeps windows between runs.
    const login = `victim${Math.random().toString(36).slice(2, 10)}`;
    const address = `10.${rand()}.${rand()}.${rand()}`;
    const settings = { REDIS_URL: 'redis://127.0.0.1:6379' };
    const nodes = [await startTestJiffy(settings), await startTestJiffy(settings)];
    try {
      const attempt = (node: TestJiffy) =>
        node.jiffy.app!.inject({
          method: 'POST',
          url: '/api/v3/login',
          remoteAddress: address,
          // The double-submit pair the web app sends (cookie echoed in the header).
          headers: { cookie: 'jiffy_csrf=t', 'x-csrf-token': 't' },
          payload: { login, password: 'not the password' },
        });
      // Ten wrong attempts spread over both nodes: each says only "wrong".
      for (let i = 0; i < 10; i++) {
        expect((await attempt(nodes[i % 2]!)).statusCode).toBe(401);
      }
      // The eleventh is refused on either node, as one node alone would refuse it.
      const refused = await attempt(nodes[0]!);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'too_many_attempts' } });
      expect((await attempt(nodes[1]!)).statusCode).toBe(429);
    } finally {
      for (const node of nodes) await node.stop();
    }
  });
});

function rand(): number {
  return Math.floor(Math.random() * 254) + 1;
}
