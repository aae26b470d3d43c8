import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers, TEST_PASSWORD } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// Personal tokens (made from a session) and the CTA they let owners and moderators set.
describe('personal API tokens and GIF calls to action', () => {
  let t: TestJiffy;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestJiffy();
    const clients = await signedInUsers(t, [
      ['owner', 'creator'],
      ['stranger', 'user'],
      ['mod', 'moderator'],
    ]);
    for (const [name, client] of Object.entries(clients)) {
      const made = await client.post('/api/v3/tokens', { name: 'scheduler' });
      expect(made.statusCode).toBe(201);
      tokens[name] = made.json<{ data: { token: string } }>().data.token;
    }
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'ctagif',
      title: 'Buy now',
      user_id: 'idowner',
    });
  });
  afterAll(() => t.stop());

  const cta = (method: 'PUT' | 'DELETE', who: string | null, body?: object) =>
    t.jiffy.app.inject({
      method,
      url: `/v1/gifs/ctagif/cta?api_key=${t.apiKey}`,
      headers: who ? { authorization: `Token ${tokens[who]}` } : {},
      ...(body ? { payload: body } : {}),
    });
  const gifObject = async () =>
    (await t.jiffy.app.inject(`/v1/gifs/ctagif?api_key=${t.apiKey}`)).json<{
      data: { cta?: unknown };
    }>().data;

  it('lists a user’s tokens without their secrets, and revokes them', async () => {
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    await client.post('/api/v3/login', { login: 'stranger', password: TEST_PASSWORD });
    const extra = (await client.post('/api/v3/tokens', { name: 'temporary' })).json<{
      data: { id: string; token: string };
    }>().data;
    const listed = (await client.get('/api/v3/tokens')).json<{ data: Record<string, unknown>[] }>()
      .data;
    expect(listed.map((x) => x.name).sort()).toEqual(['scheduler', 'temporary']);
    expect(JSON.stringify(listed)).not.toContain(extra.token);
    const stored = await t.jiffy.database.db
      .selectFrom('api_tokens')
      .select('token_hash')
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(extra.token);
    expect(
      (await client.request({ method: 'DELETE', url: `/api/v3/tokens/${extra.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await client.request({ method: 'DELETE', url: `/api/v3/tokens/${extra.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await new SiteClient(t.jiffy.app).post('/api/v3/tokens', { name: 'x' }, 'omit')).statusCode,
    ).toBe(403);
  });

  it('lets the owner set and remove a CTA, which the GIF object carries', async () => {
    const set = await cta('PUT', 'owner', {
      link: 'https://shop.example.com/item',
      text: 'Buy the shirt',
    });
    expect(set.statusCode).toBe(200);
    expect(await gifObject()).toMatchObject({
      cta: { link: 'https://shop.example.com/item', text: 'Buy the shirt' },
    });
    expect((await cta('DELETE', 'owner')).statusCode).toBe(200);
    expect(await gifObject()).not.toHaveProperty('cta');
  });

  it('shows a changed CTA in lists the server kept from before the change', async () => {
    const listed = async () =>
      (await t.jiffy.app.inject(`/v1/gifs/search?q=buy&api_key=${t.apiKey}`)).json<{
        data: { id: string; cta?: unknown }[];
      }>().data;
    expect(await listed()).toMatchObject([{ id: 'ctagif' }]);
    expect((await listed())[0]).not.toHaveProperty('cta');
    const link = 'https://shop.example.com/hat';
    expect((await cta('PUT', 'owner', { link, text: 'Buy the hat' })).statusCode).toBe(200);
    expect((await listed())[0]).toMatchObject({ cta: { link, text: 'Buy the hat' } });
    expect((await cta('DELETE', 'owner')).statusCode).toBe(200);
    expect((await listed())[0]).not.toHaveProperty('cta');
  });

  it('lets a moderator, refuses a stranger and anonymous callers, and checks the link', async () => {
    expect(
      (await cta('PUT', 'mod', { link: 'https://example.com', text: 'Moderated' })).statusCode,
    ).toBe(200);
    const stranger = await cta('PUT', 'stranger', {
      link: 'https://evil.example.com',
      text: 'Click me',
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json<{ meta: { error_code: string } }>().meta.error_code).toBe('forbidden');
    expect((await cta('DELETE', null)).statusCode).toBe(401);
    expect((await cta('PUT', 'owner', { link: 'javascript:alert(1)', text: 'x' })).statusCode).toBe(
      400,
    );
    expect(await gifObject()).toMatchObject({ cta: { text: 'Moderated' } });
  });

  it('stops honouring a revoked token', async () => {
    const client = new SiteClient(t.jiffy.app);
    await client.get('/login/check');
    await client.post('/api/v3/login', { login: 'owner', password: TEST_PASSWORD });
    const [mine] = (await client.get('/api/v3/tokens')).json<{ data: { id: string }[] }>().data;
    await client.request({ method: 'DELETE', url: `/api/v3/tokens/${mine!.id}` });
    expect((await cta('DELETE', 'owner')).statusCode).toBe(401);
  });
});
