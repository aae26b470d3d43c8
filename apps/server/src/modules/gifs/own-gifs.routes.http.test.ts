import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Page = {
  data: { id: string; status: string; visibility: string; tags: string[] }[];
  pagination: { count: number; next_cursor: string | null };
};

describe("GET /api/v1/users/me/gifs: the signed-in user's own GIFs, for the editing page", () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  const ids = (page: Page) => page.data.map((gif) => gif.id);

  beforeAll(async () => {
    // No workers: the settle sweep would fail the 'processing' row this test keeps.
    t = await startTestJiffy({}, { startWorkers: false });
    ({ users, visitor } = await permissionMatrix(t));
    const gifs = t.jiffy.services.gifRepository;
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    await insertGifRow(gifs, { id: 'annready', user_id: 'idann', created_at: at(1) });
    await insertGifRow(gifs, {
      id: 'annhidden',
      user_id: 'idann',
      visibility: 'unlisted',
      created_at: at(2),
    });
    await insertGifRow(gifs, {
      id: 'annfailed',
      user_id: 'idann',
      status: 'failed',
      created_at: at(3),
    });
    await insertGifRow(gifs, {
      id: 'annbusy',
      user_id: 'idann',
      status: 'processing',
      created_at: at(4),
    });
    await insertGifRow(gifs, {
      id: 'anngone',
      user_id: 'idann',
      status: 'removed',
      created_at: at(5),
    });
    await insertGifRow(gifs, { id: 'benone', user_id: 'idben', created_at: at(6) });
  });
  afterAll(() => t.stop());

  it("lists the owner's GIFs of every status but taken down, newest first, page by page", async () => {
    const first = await users.ann!.get('/api/v1/users/me/gifs?limit=3');
    expect(first.statusCode).toBe(200);
    const page = first.json<Page>();
    expect(ids(page)).toEqual(['annbusy', 'annfailed', 'annhidden']);
    expect(page.data[2]).toMatchObject({ visibility: 'unlisted', status: 'ready' });
    expect(page.pagination).toEqual({ count: 3, next_cursor: '3' });
    const second = (await users.ann!.get('/api/v1/users/me/gifs?limit=3&cursor=3')).json<Page>();
    expect(ids(second)).toEqual(['annready']);
    expect(second.pagination.next_cursor).toBeNull();
  });

  it('shows each user only their own GIFs, staff included', async () => {
    for (const [name, expected] of [
      ['ben', ['benone']],
      ['cat', []],
      ['mod', []],
      ['adm', []],
    ] as const) {
      const response = await users[name]!.get('/api/v1/users/me/gifs');
      expect(response.statusCode, name).toBe(200);
      expect(ids(response.json<Page>()), name).toEqual(expected);
    }
  });

  it('asks a visitor to sign in', async () => {
    const response = await visitor.get('/api/v1/users/me/gifs');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('not_signed_in');
  });

  it.each(['limit=0', 'limit=101', 'limit=ten', 'cursor=-1', 'cursor=x', 'cursor=100001'])(
    'refuses %s with 400 invalid_request',
    async (query) => {
      const response = await users.ann!.get(`/api/v1/users/me/gifs?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('invalid_request');
    },
  );
});
