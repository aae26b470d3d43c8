import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('a user’s public API keys', () => {
  let t: TestJiffy;
  let dev: SiteClient;
  let other: SiteClient;
  beforeAll(async () => {
    t = await startTestJiffy({ API_RATE_LIMIT_PER_MINUTE: '5' });
    ({ dev, other } = (await signedInUsers(t, [
      ['dev', 'user'],
      ['other', 'user'],
    ])) as { dev: SiteClient; other: SiteClient });
  });
  afterAll(() => t.stop());

  const trending = (key: string) => t.jiffy.app.inject(`/v1/gifs/trending?api_key=${key}`);

  it('creates a key that works on the public API with its own rate limit, lists and revokes it', async () => {
    const made = await dev.post('/api/v3/api-keys', { name: 'My chat app' });
    expect(made.statusCode).toBe(201);
    const { key } = made.json<{ data: { key: string } }>().data;
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(
      (await dev.get('/api/v3/api-keys')).json<{ data: { key: string; name: string }[] }>().data,
    ).toEqual([expect.objectContaining({ key, name: 'My chat app' })]);
    for (let i = 0; i < 5; i++) expect((await trending(key)).statusCode).toBe(200);
    expect((await trending(key)).statusCode).toBe(429);
    expect((await trending(t.apiKey)).statusCode).toBe(200);

    expect(
      (await other.request({ method: 'DELETE', url: `/api/v3/api-keys/${key}` })).statusCode,
    ).toBe(404);
    expect(
      (await dev.request({ method: 'DELETE', url: `/api/v3/api-keys/${key}` })).statusCode,
    ).toBe(200);
    expect((await dev.get('/api/v3/api-keys')).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('stops accepting a revoked key at once', async () => {
    const { key } = (await dev.post('/api/v3/api-keys', { name: 'short lived' })).json<{
      data: { key: string };
    }>().data;
    expect((await trending(key)).statusCode).toBe(200);
    await dev.request({ method: 'DELETE', url: `/api/v3/api-keys/${key}` });
    const refused = await trending(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ meta: { error_code: string } }>().meta.error_code).toBe(
      'api_key_invalid',
    );
  });

  it('refuses anonymous callers and bad names', async () => {
    const anonymous = new SiteClient(t.jiffy.app);
    await anonymous.get('/login/check');
    expect((await anonymous.post('/api/v3/api-keys', { name: 'x' })).statusCode).toBe(401);
    expect((await dev.post('/api/v3/api-keys', { name: '' })).statusCode).toBe(400);
    expect((await dev.post('/api/v3/api-keys', { name: 'y'.repeat(61) })).statusCode).toBe(400);
  });
});
