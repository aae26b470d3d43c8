import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../platform/db/schema.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('artists and view counts', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
    const { users, gifRepository } = t.jiffy.services;
    const people: [string, UserRole, boolean, string][] = [
      ['zed_loops', 'creator', true, '2026-01-03'],
      ['amy_draws', 'creator', true, '2026-01-05'],
      ['hidden_art', 'creator', false, '2026-01-06'],
      ['just_user', 'user', true, '2026-01-07'],
    ];
    for (const [username, role, isPublic, updated] of people) {
      await users.insert({
        id: `id${username.replace('_', '')}`, // ids are base62, usernames may have _
        username,
        display_name: username,
        role,
        is_public: isPublic,
        updated_at: updated,
      });
    }
    await users.updateProfile('idamydraws', { freelance: true });
    await insertGifRow(gifRepository, { id: 'v1', user_id: 'idzedloops', view_count: 40 });
    await insertGifRow(gifRepository, { id: 'v2', user_id: 'idzedloops', view_count: 2 });
    await insertGifRow(gifRepository, {
      id: 'v3',
      user_id: 'idzedloops',
      view_count: 1000,
      status: 'removed',
    });
  });
  afterAll(() => t.stop());

  const get = async (url: string) => {
    const response = await t.jiffy.app.inject(url);
    return {
      status: response.statusCode,
      body: response.json<{ data: unknown; next_offset?: number | null }>(),
    };
  };
  const names = (body: { data: unknown }) =>
    (body.data as { username: string }[]).map((u) => u.username);

  it('lists public creators, newest update first by default, filtered and sorted on request', async () => {
    expect(names((await get('/api/v4/artists/')).body)).toEqual(['amy_draws', 'zed_loops']);
    expect(names((await get('/api/v4/artists/?sort=username&order=asc')).body)).toEqual([
      'amy_draws',
      'zed_loops',
    ]);
    expect(names((await get('/api/v4/artists/?sort=username&order=desc')).body)).toEqual([
      'zed_loops',
      'amy_draws',
    ]);
    // freelance narrows to creators who take freelance work; '' (unset, as clients send it) not.
    expect(names((await get('/api/v4/artists/?freelance=true')).body)).toEqual(['amy_draws']);
    expect(names((await get('/api/v4/artists/?freelance=1&filter=zed')).body)).toEqual([]);
    expect(names((await get('/api/v4/artists/?freelance=')).body)).toHaveLength(2);
    expect((await get('/api/v4/artists/?freelance=yes')).status).toBe(400);
    expect((await get('/api/v4/artists/')).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'amy_draws', freelance: true })]),
    );
    expect(names((await get('/api/v4/artists/?filter=loop')).body)).toEqual(['zed_loops']);
    expect(names((await get('/api/v4/artists/?offset=1')).body)).toEqual(['zed_loops']);
    expect((await get('/api/v4/artists/?sort=popularity')).status).toBe(400);
    expect((await get('/api/v4/artists/?filter=%25')).body.data).toEqual([]);
  });

  it('counts views of a user’s ready GIFs, and of one GIF', async () => {
    expect((await get('/api/v1/users/idzedloops/view-count/')).body.data).toEqual({
      id: 'idzedloops',
      view_count: 42,
    });
    expect((await get('/api/v1/proxy-gif/v1/view-count/')).body.data).toEqual({
      id: 'v1',
      view_count: 40,
    });
    expect((await get('/api/v1/proxy-gif/v3/view-count/')).status).toBe(404);
    expect((await get('/api/v1/users/nobody/view-count/')).status).toBe(404);
  });
});
