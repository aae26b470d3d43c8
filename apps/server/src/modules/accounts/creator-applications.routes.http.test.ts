import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('creator applications (/apply)', () => {
  let t: TestJiffy;
  const as: Record<string, SiteClient> = {};
  beforeAll(async () => {
    t = await startTestJiffy();
    Object.assign(
      as,
      await signedInUsers(t, [
        ['newbie', 'user'],
        ['other', 'user'],
        ['newbie2', 'user'],
        ['mod', 'moderator'],
      ]),
    );
  });
  afterAll(() => t.stop());

  it('takes one application at a time, which a moderator approves into a verified creator', async () => {
    const applied = await as.newbie!.post('/api/v3/creator-applications', {
      message: 'I animate cats daily.',
      portfolio_url: 'https://cats.example.com',
    });
    expect(applied.statusCode).toBe(201);
    const { id } = applied.json<{ data: { id: string } }>().data;
    expect(
      (await as.newbie!.post('/api/v3/creator-applications', { message: 'Please, again!' }))
        .statusCode,
    ).toBe(400);

    expect((await as.other!.get('/api/v3/creator-applications')).statusCode).toBe(403);
    expect((await as.other!.post(`/api/v3/creator-applications/${id}/approve`)).statusCode).toBe(
      403,
    );
    const pending = (await as.mod!.get('/api/v3/creator-applications')).json<{
      data: { id: string; username: string }[];
    }>().data;
    expect(pending).toEqual([expect.objectContaining({ id, username: 'newbie' })]);

    expect((await as.mod!.post(`/api/v3/creator-applications/${id}/approve`)).statusCode).toBe(200);
    expect(await t.jiffy.services.users.findById('idnewbie')).toMatchObject({
      role: 'creator',
      is_verified: true,
    });
    expect((await as.mod!.post(`/api/v3/creator-applications/${id}/reject`)).statusCode).toBe(404);
  });

  it('rejects without changing the applicant, and refuses bad input', async () => {
    const { id } = (
      await as.other!.post('/api/v3/creator-applications', { message: 'Let me in, I draw.' })
    ).json<{ data: { id: string } }>().data;
    expect((await as.mod!.post(`/api/v3/creator-applications/${id}/reject`)).statusCode).toBe(200);
    expect((await t.jiffy.services.users.findById('idother'))?.role).toBe('user');
    expect(
      (await as.other!.post('/api/v3/creator-applications', { message: 'short' })).statusCode,
    ).toBe(400);
    expect((await as.mod!.post(`/api/v3/creator-applications/${id}/promote`)).statusCode).toBe(400);
  });

  it('refuses a bad note with a decision, and leaves the application waiting', async () => {
    const { id } = (
      await as.newbie2!.post('/api/v3/creator-applications', {
        message: 'Loops every day, promise.',
      })
    ).json<{ data: { id: string } }>().data;
    for (const note of ['x'.repeat(501), 42, ['a'], 'nul \u0000 inside', 'lone \ud800']) {
      const refused = await as.mod!.post(`/api/v3/creator-applications/${id}/reject`, { note });
      expect(refused.statusCode, JSON.stringify(note).slice(0, 40)).toBe(400);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('invalid_request');
    }
    const pending = (await as.mod!.get('/api/v3/creator-applications')).json<{
      data: { id: string }[];
    }>().data;
    expect(pending.map((application) => application.id)).toContain(id);
    // 500 characters is allowed.
    const decided = await as.mod!.post(`/api/v3/creator-applications/${id}/reject`, {
      note: 'y'.repeat(500),
    });
    expect(decided.statusCode).toBe(200);
    const anonymous = new SiteClient(t.jiffy.app);
    await anonymous.get('/login/check');
    expect(
      (await anonymous.post('/api/v3/creator-applications', { message: 'Anonymous application' }))
        .statusCode,
    ).toBe(401);
  });
});
