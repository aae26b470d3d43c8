import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema } from '../../app/config/env.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const PER_MINUTE = 3;

// Calls without an api_key are limited per client address. Which address that is must not be
// the client's to choose: X-Forwarded-For counts only when it comes from a trusted proxy.
describe('TRUST_PROXY: whose X-Forwarded-For names the client', () => {
  const jiffys: Record<'direct' | 'behindLoopbackProxy' | 'oneHop', TestJiffy> = {} as never;
  beforeAll(async () => {
    const limit = { API_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) };
    [jiffys.direct, jiffys.behindLoopbackProxy, jiffys.oneHop] = await Promise.all([
      startTestJiffy(limit),
      startTestJiffy({ ...limit, TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }),
      startTestJiffy({ ...limit, TRUST_PROXY: '1' }),
    ]);
  });
  afterAll(() => Promise.all(Object.values(jiffys).map((t) => t.stop())));

  /** Status of a keyless public call from `remoteAddress`, claiming `forwardedFor`. */
  const call = async (t: TestJiffy, remoteAddress: string, forwardedFor?: string) =>
    (
      await t.jiffy.app.inject({
        url: '/v1/randomid',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).statusCode;

  it('ignores X-Forwarded-For by default: a new spoofed address buys no new allowance', async () => {
    const t = jiffys.direct;
    for (let i = 0; i < PER_MINUTE; i++)
      expect(await call(t, '127.0.0.1', '198.51.100.2')).not.toBe(429);
    expect(await call(t, '127.0.0.1', '198.51.100.2')).toBe(429);
    expect(await call(t, '127.0.0.1', '198.51.100.3')).toBe(429);
    // Another peer is another client.
    expect(await call(t, '203.0.113.50')).not.toBe(429);
  });

  it('takes the client from a listed proxy’s X-Forwarded-For, and only from a listed proxy', async () => {
    const t = jiffys.behindLoopbackProxy;
    for (let i = 0; i < PER_MINUTE; i++) await call(t, '127.0.0.1', '198.51.100.2');
    expect(await call(t, '127.0.0.1', '198.51.100.2')).toBe(429);
    expect(await call(t, '10.1.2.3', '198.51.100.3')).not.toBe(429);
    // A peer outside the list is the client, whatever it claims.
    for (let i = 0; i < PER_MINUTE; i++) await call(t, '203.0.113.9', `198.51.100.${10 + i}`);
    expect(await call(t, '203.0.113.9', '198.51.100.99')).toBe(429);
  });

  it('with a hop count, trusts that many proxies from the nearest', async () => {
    const t = jiffys.oneHop;
    // The nearest proxy appended the address it saw; what the client wrote before it is not used.
    for (let i = 0; i < PER_MINUTE; i++) await call(t, '127.0.0.1', `1.1.1.${i}, 198.51.100.7`);
    expect(await call(t, '127.0.0.1', '9.9.9.9, 198.51.100.7')).toBe(429);
    expect(await call(t, '127.0.0.1', '198.51.100.8')).not.toBe(429);
  });

  it('reads false, true, a hop count or a list of addresses and CIDRs, and refuses the rest', () => {
    const read = (value?: string) =>
      envSchema.safeParse(value === undefined ? {} : { TRUST_PROXY: value });
    expect(read().data?.TRUST_PROXY).toBe(false);
    expect(read('false').data?.TRUST_PROXY).toBe(false);
    expect(read('true').data?.TRUST_PROXY).toBe(true);
    expect(read('2').data?.TRUST_PROXY).toBe(2);
    expect(read(' 127.0.0.1, 10.0.0.0/8 ,::1,loopback').data?.TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['yes please', '10.0.0.0/99', '999.1.1.1', '11', '127.0.0.1,,']) {
      expect(read(bad).success, bad).toBe(false);
    }
  });
});
