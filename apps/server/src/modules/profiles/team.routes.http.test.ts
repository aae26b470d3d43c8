import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// `/team`'s data: the instance's admins and moderators with public profiles, the same for all.
describe('GET /api/v1/team/', () => {
  let t: TestJiffy;
  let cast: Awaited<ReturnType<typeof permissionMatrix>>;
  beforeAll(async () => {
    t = await startTestJiffy();
    cast = await permissionMatrix(t);
    const { users } = t.jiffy.services;
    await users.insert({
      id: 'idquiet',
      username: 'quiet_mod',
      display_name: 'Quiet',
      role: 'moderator',
      is_public: false,
    });
    await users.insert({ id: 'idabe', username: 'Abe', display_name: 'Abe', role: 'moderator' });
    await users.updateProfile('idmod', { description: 'Keeps the queue short.' });
  });
  afterAll(() => t.stop());

  const team = async (client: SiteClient, query = '') => {
    const response = await client.get(`/api/v1/team/${query}`);
    return {
      status: response.statusCode,
      body: response.json<{
        data: { username: string; team_role: string }[];
        error?: { code: string };
      }>(),
    };
  };

  it('lists admins first, then moderators by name; no users, creators or private profiles', async () => {
    const { body } = await team(cast.visitor);
    expect(body.data.map((m) => m.username)).toEqual(['adm', 'Abe', 'mod']);
    expect(body.data[0]).toMatchObject({
      username: 'adm',
      display_name: 'ADM',
      team_role: 'admin',
    });
    expect(body.data[2]).toMatchObject({
      team_role: 'moderator',
      description: 'Keeps the queue short.',
    });
    // Public fields only, whoever asks: never an e-mail address.
    expect(JSON.stringify(body)).not.toContain('@example.com');
  });

  it('answers everyone the same, signed in or not', async () => {
    const expected = (await team(cast.visitor)).body;
    for (const name of ['ann', 'ben', 'cat', 'mod', 'adm']) {
      const answer = await team(cast.users[name]!);
      expect(answer.status, name).toBe(200);
      expect(answer.body, name).toEqual(expected);
    }
  });

  it('refuses parameters it does not take', async () => {
    const answer = await team(cast.visitor, '?role=admin');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid_request' });
  });
});
