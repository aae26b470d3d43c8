import type { MyApplication } from '@jiffy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Mine = { data: MyApplication | null };

describe('GET /api/v3/creator-applications/mine', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  const mine = async (client: SiteClient) => {
    const response = await client.get('/api/v3/creator-applications/mine');
    return { status: response.statusCode, body: response.json<Mine>() };
  };
  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
  });
  afterAll(() => t.stop());

  it('asks a visitor to sign in, and a stale session cookie is no one', async () => {
    expect((await mine(visitor)).status).toBe(401);
    const stale = new SiteClient(t.jiffy.app);
    await stale.get('/login/check');
    stale.cookies.set('jiffy_session', 'not-a-session');
    expect((await mine(stale)).status).toBe(401);
  });

  it('answers null to anyone who never applied: users, creators, moderators and admins', async () => {
    for (const name of ['ben', 'cat', 'mod', 'adm'])
      expect(await mine(users[name]!)).toEqual({ status: 200, body: { data: null } });
  });

  it('shows the owner their application pending, then decided, and no one else sees it', async () => {
    const filed = await users.ann!.post('/api/v3/creator-applications', {
      message: 'I animate cats daily.',
    });
    const { id } = filed.json<{ data: { id: string } }>().data;
    const pending = await mine(users.ann!);
    expect(pending.body.data).toMatchObject({
      id,
      status: 'pending',
      reviewed_at: null,
      decision_note: null,
    });
    expect(Object.keys(pending.body.data!).sort()).toEqual([
      'created_at',
      'decision_note',
      'id',
      'reviewed_at',
      'status',
    ]);
    expect(pending.body.data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await mine(users.ben!)).body.data).toBeNull();
    expect((await mine(users.mod!)).body.data).toBeNull();

    const note = 'Send us three loops you made yourself.';
    const decided = await users.mod!.post(`/api/v3/creator-applications/${id}/reject`, {
      note: `  ${note}\n`,
    });
    expect(decided.statusCode).toBe(200);
    const rejected = (await mine(users.ann!)).body.data;
    expect(rejected).toMatchObject({ id, status: 'rejected', decision_note: note });
    expect(Date.parse(rejected!.reviewed_at!)).toBeGreaterThanOrEqual(
      Date.parse(rejected!.created_at),
    );

    // A second application is the one shown; approved, ann is a creator who sees it approved.
    const again = await users.ann!.post('/api/v3/creator-applications', {
      message: 'Here is more of my work.',
    });
    const second = again.json<{ data: { id: string } }>().data.id;
    expect((await mine(users.ann!)).body.data).toMatchObject({ id: second, status: 'pending' });
    // Without a body, or with a note of spaces only, a decision carries no note.
    await users.adm!.post(`/api/v3/creator-applications/${second}/approve`, { note: '   ' });
    expect((await mine(users.ann!)).body.data).toMatchObject({
      id: second,
      status: 'approved',
      decision_note: null,
    });
    expect((await mine(users.ben!)).body.data).toBeNull();
  });

  it('is not taken for an application id by the review call', async () => {
    expect((await users.mod!.post('/api/v3/creator-applications/mine/approve')).statusCode).toBe(
      404,
    );
    expect((await users.ann!.post('/api/v3/creator-applications/mine')).statusCode).toBe(404);
  });
});
