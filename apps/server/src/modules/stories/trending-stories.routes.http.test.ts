import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { personalTokens, withToken } from '../../../testing/personal-tokens.ts';
import { permissionMatrix, signedInUsers } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Story = { story_id: string };
type StoryBody = { data: Story };

const HOUR = 3_600_000;
const now = Date.parse('2031-05-01T09:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();

describe('trending stories', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let tokens: Record<string, string>;
  let published: Story;

  const code = (response: { json: <T>() => T }) =>
    response.json<{ error: { code: string } }>().error.code;
  const story = (over: object = {}) => ({
    title: 'Two cats',
    items: [{ gif_id: 'g1' }, { gif_id: 'g2' }],
    is_published: true,
    ...over,
  });
  const post = (client: SiteClient, body: object) =>
    client.request({ method: 'POST', url: '/x/v1/stories', body });
  const read = (path: string) => t.jiffy.app.inject(`/x/v1/${path}?api_key=${t.apiKey}`);

  beforeAll(async () => {
    t = await startTestJiffy({}, { clock: () => now });
    ({ users, visitor } = await permissionMatrix(t));
    Object.assign(users, await signedInUsers(t, [['dan', 'creator']]));
    tokens = await personalTokens(users);
    for (const id of ['g1', 'g2']) await insertGifRow(t.jiffy.services.gifRepository, { id });
    const made = await post(users.cat!, story());
    expect(made.statusCode).toBe(201);
    published = made.json<StoryBody>().data;
  });
  afterAll(() => t.stop());

  it('lets staff put published stories on trending stories and take them off', async () => {
    const trending = async () =>
      (await read('stories/trending'))
        .json<{ data: { story: Story }[] }>()
        .data.map((e) => e.story.story_id);
    const body = { trending_story: { story_id: published.story_id, publish_datetime: null } };
    for (const name of ['ann', 'cat', 'dan']) {
      const refused = await withToken(t, tokens[name]!, {
        method: 'POST',
        url: '/x/v1/stories/trending',
        body,
      });
      expect([name, refused.statusCode]).toEqual([name, 403]);
    }
    const anonymous = await visitor.request({
      method: 'POST',
      url: '/x/v1/stories/trending',
      body,
    });
    expect([anonymous.statusCode, code(anonymous)]).toEqual([401, 'not_signed_in']);
    const added = await users.mod!.request({ method: 'POST', url: '/x/v1/stories/trending', body });
    expect(added.statusCode).toBe(201);
    expect(await trending()).toEqual([published.story_id]);
    const draft = (await post(users.cat!, story({ is_published: false }))).json<StoryBody>().data;
    const refusedDraft = await withToken(t, tokens.adm!, {
      method: 'POST',
      url: '/x/v1/stories/trending',
      body: { trending_story: { story_id: draft.story_id } },
    });
    expect([refusedDraft.statusCode, code(refusedDraft)]).toEqual([409, 'story_not_published']);
    const past = await users.adm!.request({
      method: 'POST',
      url: '/x/v1/stories/trending',
      body: { trending_story: { story_id: published.story_id, publish_datetime: at(now - HOUR) } },
    });
    expect([past.statusCode, code(past)]).toEqual([422, 'time_in_past']);
    expect(
      (
        await users.cat!.request({
          method: 'DELETE',
          url: `/x/v1/stories/trending/${published.story_id}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await users.adm!.request({
          method: 'DELETE',
          url: `/x/v1/stories/trending/${published.story_id}`,
        })
      ).statusCode,
    ).toBe(204);
    expect(await trending()).toEqual([]);
  });

  it('takes a story off when DELETE stories/trending names it by story_id, staff only', async () => {
    const trending = async () =>
      (await read('stories/trending'))
        .json<{ data: { story: Story }[] }>()
        .data.map((e) => e.story.story_id);
    const putOn = async () => {
      const added = await users.mod!.request({
        method: 'POST',
        url: '/x/v1/stories/trending',
        body: { trending_story: { story_id: published.story_id } },
      });
      expect(added.statusCode).toBe(201);
      expect(await trending()).toEqual([published.story_id]);
    };
    const byQuery = `/x/v1/stories/trending?story_id=${published.story_id}`;
    const byBody = { trending_story: { story_id: published.story_id } };

    await putOn();
    const anonymous = await visitor.request({ method: 'DELETE', url: byQuery });
    expect([anonymous.statusCode, code(anonymous)]).toEqual([401, 'not_signed_in']);
    for (const name of ['ann', 'ben', 'cat', 'dan']) {
      const refused = await withToken(t, tokens[name]!, { method: 'DELETE', url: byQuery });
      expect([name, refused.statusCode, code(refused)]).toEqual([name, 403, 'forbidden']);
    }
    // Bad input is refused, and nothing is taken off.
    for (const [url, body] of [
      ['/x/v1/stories/trending', undefined],
      ['/x/v1/stories/trending?story_id=not-an-id!', undefined],
      [`/x/v1/stories/trending?story_id=${'a'.repeat(65)}`, undefined],
      [`${byQuery}`, { trending_story: { story_id: 'another1' } }],
      ['/x/v1/stories/trending', { trending_story: { story_id: published.story_id, x: 1 } }],
      ['/x/v1/stories/trending', { story_id: published.story_id }],
    ] as const) {
      const refused = await users.adm!.request({ method: 'DELETE', url, body });
      expect([url, refused.statusCode, code(refused)]).toEqual([url, 400, 'invalid_request']);
    }
    expect(await trending()).toEqual([published.story_id]);

    const byModerator = await users.mod!.request({ method: 'DELETE', url: byQuery });
    expect(byModerator.statusCode).toBe(204);
    expect(await trending()).toEqual([]);
    const again = await users.mod!.request({ method: 'DELETE', url: byQuery });
    expect([again.statusCode, code(again)]).toEqual([404, 'story_not_found']);

    await putOn();
    const byAdmin = await withToken(t, tokens.adm!, {
      method: 'DELETE',
      url: '/x/v1/stories/trending',
      body: byBody,
    });
    expect(byAdmin.statusCode).toBe(204);
    expect(await trending()).toEqual([]);
    // The story itself is untouched.
    expect((await read(`stories/${published.story_id}`)).statusCode).toBe(200);
  });
});
