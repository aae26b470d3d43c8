import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { personalTokens, withToken } from '../../../testing/personal-tokens.ts';
import { permissionMatrix, signedInUsers } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string } };
type Story = {
  story_id: string;
  slug: string;
  title: string;
  cover_gif: { id: string } | null;
  gifs?: { gif: { id: string }; caption: string; link: string | null }[];
  user: { username: string } | null;
  is_published: boolean;
  publish_datetime: string | null;
};
type StoryBody = { data: Story };
type ListBody = { data: Story[]; next_cursor: string | null };

const HOUR = 3_600_000;
let now = Date.parse('2031-05-01T09:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();

describe('stories', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let tokens: Record<string, string>;
  let published: Story;

  const code = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.code;
  const story = (over: object = {}) => ({
    title: 'Three cats',
    items: [
      { gif_id: 'g1', caption: 'First, a cat.' },
      { gif_id: 'g2', caption: 'Then another.', link: 'https://example.com/more' },
      { gif_id: 'g3' },
    ],
    tags: ['Cats'],
    is_published: true,
    ...over,
  });
  const post = (client: SiteClient, body: object, csrf?: string) =>
    client.request({ method: 'POST', url: '/x/v1/stories', body, csrf });
  const put = (client: SiteClient, id: string, body: object) =>
    client.request({ method: 'PUT', url: `/x/v1/stories/${id}`, body });
  const read = (path: string) =>
    t.jiffy.app.inject(`/x/v1/${path}${path.includes('?') ? '&' : '?'}api_key=${t.apiKey}`);
  const listed = async (query: string, client?: SiteClient) => {
    const response = client
      ? await client.get(`/x/v1/stories?${query}`)
      : await read(`stories?${query}`);
    return response.json<ListBody>();
  };
  const storyCount = async () =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM stories`.execute(t.jiffy.database.db))
        .rows[0]!.n,
    );

  beforeAll(async () => {
    t = await startTestJiffy({}, { clock: () => now });
    ({ users, visitor } = await permissionMatrix(t));
    Object.assign(users, await signedInUsers(t, [['dan', 'creator']]));
    tokens = await personalTokens(users);
    const gifs = t.jiffy.services.gifRepository;
    for (const id of ['g1', 'g2', 'g3', 'todrop'])
      await insertGifRow(gifs, { id, user_id: 'idann' });
    await insertGifRow(gifs, { id: 'catown', user_id: 'idcat', visibility: 'unlisted' });
    await insertGifRow(gifs, { id: 'danown', user_id: 'iddan', visibility: 'unlisted' });
    await insertGifRow(gifs, { id: 'gone', status: 'removed' });
  });
  afterAll(() => t.stop());

  it('lets a creator write and publish a three-GIF story that anyone with a key reads, by id and slug', async () => {
    const made = await withToken(t, tokens.cat!, {
      method: 'POST',
      url: '/x/v1/stories',
      body: story({ cover_gif_id: 'catown' }),
    });
    expect(made.statusCode).toBe(201);
    published = made.json<StoryBody>().data;
    expect(published).toMatchObject({
      title: 'Three cats',
      cover_gif: { id: 'catown' },
      user: { username: 'cat' },
      is_published: true,
      publish_datetime: at(now),
    });
    expect(published.slug).toMatch(/^three-cats-[a-z0-9]+$/);
    expect(published.gifs!.map((i) => [i.gif.id, i.caption, i.link])).toEqual([
      ['g1', 'First, a cat.', null],
      ['g2', 'Then another.', 'https://example.com/more'],
      ['g3', '', null],
    ]);
    for (const path of [`stories/${published.story_id}`, `stories/slug/${published.slug}`]) {
      const response = await read(path);
      expect(response.statusCode).toBe(200);
      expect(response.json<StoryBody>().data).toEqual(published);
    }
    const noKey = await t.jiffy.app.inject(`/x/v1/stories/${published.story_id}`);
    expect([noKey.statusCode, code(noKey)]).toEqual([401, 'api_key_required']);
    const cover = (
      await read(`stories/${published.story_id}?gif_hydration_method=COVER_ONLY`)
    ).json<StoryBody>().data;
    expect([cover.cover_gif?.id, cover.gifs]).toEqual(['catown', undefined]);
  });

  it('lets creators and staff write, the author and staff change; others learn no more than a visitor', async () => {
    const writers: [string, number][] = [
      ['ann', 403],
      ['ben', 403],
      ['cat', 201],
      ['mod', 201],
      ['adm', 201],
    ];
    const anonymous = await post(visitor, story());
    expect([anonymous.statusCode, code(anonymous)]).toEqual([401, 'not_signed_in']);
    for (const [name, status] of writers) {
      const bySession = await post(users[name]!, story());
      const byToken = await withToken(t, tokens[name]!, {
        method: 'POST',
        url: '/x/v1/stories',
        body: story(),
      });
      expect([name, bySession.statusCode, byToken.statusCode]).toEqual([name, status, status]);
    }
    // cat's draft: only cat and staff see it; cat and staff change it.
    const draft = (await post(users.cat!, story({ is_published: false }))).json<StoryBody>().data;
    expect(draft).toMatchObject({ is_published: false, publish_datetime: null });
    const path = `/x/v1/stories/${draft.story_id}`;
    expect((await read(`stories/${draft.story_id}`)).statusCode).toBe(404);
    const matrix: [string, number, number][] = [
      // name, reading the draft, changing the published story
      ['ann', 404, 403],
      ['ben', 404, 403],
      ['dan', 404, 403],
      ['cat', 200, 200],
      ['mod', 200, 200],
      ['adm', 200, 200],
    ];
    for (const [name, readStatus, changeStatus] of matrix) {
      const viaSession = await users[name]!.get(path);
      const viaToken = await withToken(t, tokens[name]!, { url: path });
      expect([name, viaSession.statusCode, viaToken.statusCode]).toEqual([
        name,
        readStatus,
        readStatus,
      ]);
      const edit = await withToken(t, tokens[name]!, {
        method: 'PUT',
        url: `/x/v1/stories/${published.story_id}`,
        body: story({ title: `Edited by ${name}`, slug: published.slug }),
      });
      expect([name, edit.statusCode]).toEqual([name, changeStatus]);
      const draftEdit = await put(users[name]!, draft.story_id, story({ is_published: false }));
      expect([name, draftEdit.statusCode]).toEqual([name, readStatus === 404 ? 404 : 200]);
    }
    const unsigned = await put(visitor, published.story_id, story());
    expect(unsigned.statusCode).toBe(401);
    const noCsrf = await users.cat!.request({
      method: 'PUT',
      url: `/x/v1/stories/${draft.story_id}`,
      body: story(),
      csrf: 'omit',
    });
    expect([noCsrf.statusCode, code(noCsrf)]).toEqual([403, 'csrf_failed']);
    // Delete: others 403 (published) or 404 (draft); the author may.
    const del = (client: SiteClient, id: string) =>
      client.request({ method: 'DELETE', url: `/x/v1/stories/${id}` });
    expect((await del(users.dan!, published.story_id)).statusCode).toBe(403);
    expect((await del(users.ben!, draft.story_id)).statusCode).toBe(404);
    expect((await del(users.cat!, draft.story_id)).statusCode).toBe(204);
    expect((await users.cat!.get(path)).statusCode).toBe(404);
  });

  it('lists stories newest first with a signed cursor; unpublished ones for the author and staff only', async () => {
    now += 1000; // written after every story so far, so newest in the author's own list
    const draft = (
      await post(users.cat!, story({ is_published: false, title: 'Draft' }))
    ).json<StoryBody>().data;
    const publicList = await listed('username=cat&limit=50');
    expect(publicList.data.map((s) => s.story_id)).not.toContain(draft.story_id);
    expect(publicList.data.every((s) => s.is_published)).toBe(true);
    for (const name of ['ben', 'dan']) {
      const refused = await users[name]!.get('/x/v1/stories?username=cat&fetch_unpublished=true');
      expect([name, refused.statusCode]).toEqual([name, 403]);
    }
    const own = await listed('username=cat&fetch_unpublished=true&limit=50', users.cat);
    expect(own.data[0]!.story_id).toBe(draft.story_id);
    const staff = await listed('username=cat&fetch_unpublished=true&limit=50', users.mod);
    expect(staff.data.map((s) => s.story_id)).toEqual(own.data.map((s) => s.story_id));

    // One at a time, every story once, in the same order.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ListBody = await listed(
        `username=cat&limit=1${cursor ? `&next_cursor=${cursor}` : ''}`,
      );
      walked.push(...page.data.map((s) => s.story_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(walked).toEqual(publicList.data.map((s) => s.story_id));

    const first = await listed('username=cat&limit=1');
    const [payload, signature] = first.next_cursor!.split('.');
    const forged = Buffer.from(JSON.stringify(['2099-01-01T00:00:00.000Z', 'zzz'])).toString(
      'base64url',
    );
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}xx`,
      `${payload}`,
      'not-a-cursor',
    ]) {
      const response = await read(`stories?username=cat&limit=1&next_cursor=${bad}`);
      expect([bad, response.statusCode, code(response)]).toEqual([bad, 400, 'invalid_cursor']);
    }
    // A cursor from one list does not page another.
    const other = await read(`stories?username=mod&limit=1&next_cursor=${first.next_cursor}`);
    expect(code(other)).toBe('invalid_cursor');
    const covers = await listed('username=cat&gif_hydration_method=COVER_ONLY');
    expect(covers.data.every((s) => s.gifs === undefined && s.cover_gif !== null)).toBe(true);
  });

  it('lists staff’s published stories alone with by_staff (the site’s posts), with its own cursors', async () => {
    now += 1000;
    const byMod = (await post(users.mod!, story({ title: 'Mod post' }))).json<StoryBody>().data;
    now += 1000;
    const byAdmin = (await post(users.adm!, story({ title: 'Admin post' }))).json<StoryBody>().data;
    await post(users.adm!, story({ title: 'Admin draft', is_published: false }));
    const posts = await listed('by_staff=true&limit=50');
    expect(posts.data.slice(0, 2).map((s) => s.story_id)).toEqual([
      byAdmin.story_id,
      byMod.story_id,
    ]);
    // Exactly the published stories of staff that everyone's list holds, in its order.
    const everyone = await listed('limit=50');
    expect(posts.data.map((s) => s.story_id)).toEqual(
      everyone.data
        .filter((s) => ['mod', 'adm'].includes(s.user?.username ?? ''))
        .map((s) => s.story_id),
    );
    expect(posts.data.map((s) => s.title)).not.toContain('Admin draft');
    // Everyone's list still has the creators' stories; a posts cursor does not page it.
    expect(everyone.data.some((s) => s.user?.username === 'cat')).toBe(true);
    const first = await listed('by_staff=true&limit=1');
    const next = await listed(`by_staff=true&limit=1&next_cursor=${first.next_cursor}`);
    expect([...first.data, ...next.data].map((s) => s.title)).toEqual(['Admin post', 'Mod post']);
    expect(code(await read(`stories?limit=1&next_cursor=${first.next_cursor}`))).toBe(
      'invalid_cursor',
    );
    expect((await read('stories?by_staff=maybe')).statusCode).toBe(400);
  });

  it('publishes a story scheduled for later at its time, and refuses publish times already past', async () => {
    const later = (
      await post(users.dan!, story({ title: 'Later', publish_datetime: at(now + HOUR) }))
    ).json<StoryBody>().data;
    expect(later.publish_datetime).toBe(at(now + HOUR));
    expect((await read(`stories/${later.story_id}`)).statusCode).toBe(404);
    expect((await listed('username=dan')).data).toEqual([]);
    now += HOUR;
    expect((await read(`stories/${later.story_id}`)).statusCode).toBe(200);
    expect((await listed('username=dan')).data.map((s) => s.story_id)).toEqual([later.story_id]);

    const before = await storyCount();
    const past = await post(users.dan!, story({ publish_datetime: at(now - 2 * HOUR) }));
    expect([past.statusCode, code(past)]).toEqual([422, 'time_in_past']);
    // Saving a published story again with its own (now past) time is no change of time.
    const again = await put(
      users.dan!,
      later.story_id,
      story({ title: 'Later', publish_datetime: later.publish_datetime }),
    );
    expect(again.statusCode).toBe(200);
    const moved = await put(
      users.dan!,
      later.story_id,
      story({ publish_datetime: at(now - 2 * HOUR) }),
    );
    expect([moved.statusCode, code(moved)]).toEqual([422, 'time_in_past']);
    expect(await storyCount()).toBe(before);
  });

  it('drops a taken-down GIF out of a story, which still loads', async () => {
    const made = (
      await post(
        users.mod!,
        story({
          items: [{ gif_id: 'todrop', caption: 'bye' }, { gif_id: 'g1' }],
          cover_gif_id: 'todrop',
        }),
      )
    ).json<StoryBody>().data;
    const takedown = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: 'todrop',
      reason: 'spam',
    });
    expect(takedown.statusCode).toBe(200);
    const after = (await read(`stories/${made.story_id}`)).json<StoryBody>().data;
    expect(after.gifs!.map((i) => i.gif.id)).toEqual(['g1']);
    expect(after.cover_gif?.id).toBe('g1');
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = await storyCount();
    const target = (await read(`stories/${published.story_id}`)).json<StoryBody>().data;
    const many = Array.from({ length: 1000 }, () => ({ gif_id: 'g1' }));
    const refusals: [object, number, string][] = [
      [story({ items: many }), 400, 'invalid_request'],
      [story({ items: [{ gif_id: 'g1', caption: 'x'.repeat(100_000) }] }), 400, 'invalid_request'],
      [story({ title: '' }), 400, 'invalid_request'],
      [story({ title: 'x'.repeat(201) }), 400, 'invalid_request'],
      [story({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 400, 'invalid_request'],
      [story({ items: [{ gif_id: 'g1', link: 'javascript:alert(1)' }] }), 400, 'invalid_request'],
      [story({ slug: 'Not A Slug' }), 400, 'invalid_request'],
      [story({ publish_datetime: '2031-05-01 10:00' }), 400, 'invalid_request'],
      [story({ extra: true }), 400, 'invalid_request'],
      [story({ items: [] }), 400, 'invalid_request'],
      [story({ items: [{ gif_id: 'gone' }] }), 422, 'story_gif_unavailable'],
      [story({ items: [{ gif_id: 'nosuchgif' }] }), 422, 'story_gif_unavailable'],
      [story({ items: [{ gif_id: 'danown' }] }), 422, 'story_gif_unavailable'],
      [story({ cover_gif_id: 'danown' }), 422, 'story_gif_unavailable'],
      [story({ slug: target.slug }), 409, 'story_slug_taken'],
    ];
    for (const [body, status, errorCode] of refusals) {
      const response = await post(users.cat!, body);
      const label = JSON.stringify(body).slice(0, 60);
      expect([label, response.statusCode, code(response)]).toEqual([label, status, errorCode]);
      if (errorCode === 'story_slug_taken') continue; // the story's own slug, for a PUT
      const edit = await put(users.cat!, published.story_id, body);
      expect([label, edit.statusCode, code(edit)]).toEqual([label, status, errorCode]);
    }
    const foreign = await put(users.cat!, 'nosuchstory', story());
    expect([foreign.statusCode, code(foreign)]).toEqual([404, 'story_not_found']);
    const badId = await read('stories/bad%20id');
    expect(badId.statusCode).toBe(400);
    expect(await storyCount()).toBe(before);
    expect((await read(`stories/${published.story_id}`)).json<StoryBody>().data).toEqual(target);
  });

  it('lists partner artists’ stories: verified authors, within since and until, 50 at most', async () => {
    await t.jiffy.database.db
      .updateTable('users')
      .set({ is_verified: true })
      .where('id', '=', 'idcat')
      .execute();
    const all = (await read('stories/partnerArtist?ts=12345&limit=500')).json<ListBody>().data;
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(50);
    expect(all.every((s) => s.user?.username === 'cat' && s.is_published)).toBe(true);
    const none = (
      await read(`stories/partnerArtist?until=${at(Date.parse('2031-01-01T00:00:00Z'))}`)
    ).json<ListBody>().data;
    expect(none).toEqual([]);
    const bad = await read('stories/partnerArtist?since=yesterday');
    expect(bad.statusCode).toBe(400);
  });
});
