import type { ChannelObject } from '@jiffy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const data = <T>(r: { json: <U>() => U }) => r.json<{ data: T }>().data;

describe('public API: channel search and searches scoped to a channel', () => {
  let t: TestJiffy;
  let ann: SiteClient;
  let cats: ChannelObject;
  let kittens: ChannelObject;

  const v1 = async <T>(path: string) => {
    const response = await t.jiffy.app.inject(`${path}&api_key=${t.apiKey}`);
    return { status: response.statusCode, body: response.json<{ data: T }>() };
  };
  const search = async (q: string) =>
    (await v1<{ id: string }[]>(`/v1/gifs/search?q=${encodeURIComponent(q)}`)).body.data
      .map((g) => g.id)
      .toSorted();
  const channels = async (q: string) =>
    (await v1<ChannelObject[]>(`/v1/channels/search?q=${encodeURIComponent(q)}`)).body.data;

  beforeAll(async () => {
    t = await startTestJiffy();
    const { users } = await permissionMatrix(t);
    ann = users.ann!;
    const gifs = t.jiffy.services.gifRepository;
    for (const [id, user_id, title] of [
      ['annCat', 'idann', 'Cat nap'],
      ['annCat2', 'idann', 'Cat jump'],
      ['annDog', 'idann', 'Dog run'],
      ['benCat', 'idben', 'Cat stretch'],
    ] as const)
      await insertGifRow(gifs, { id, user_id, title, tags: [title.split(' ')[0]!.toLowerCase()] });
    const make = async (body: object) =>
      data<ChannelObject>(await ann.post('/api/v4/channels/', body));
    cats = await make({ display_name: 'Cats of the world', slug: 'cats', description: 'Felines' });
    kittens = await make({ display_name: 'Kittens', parent: cats.id });
    const secret = await make({ display_name: 'Secret cats', is_visible: false });
    await make({ display_name: 'Hidden kittens', parent: secret.id });
    await ann.post('/api/v4/channel-gifs/', { channel: cats.id, gif: ['annCat', 'benCat'] });
    await ann.post('/api/v4/channel-gifs/', { channel: kittens.id, gif: ['annCat2'] });
    await ann.post('/api/v4/channel-gifs/', { channel: secret.id, gif: ['annDog'] });
    await ann.post('/api/v4/channel-ranked-tags/', { channel: cats.id, tag: 'cat' });
  });
  afterAll(() => t.stop());

  it('finds channels by title or slug, and users’ root channels, in GIPHY’s channel shape', async () => {
    const found = await channels('cats');
    // The exact slug first; the user `cat` looks alike.
    expect(found.map((c) => c.path)).toEqual(['ann/cats', 'cat']);
    expect(found[0]).toMatchObject({
      id: cats.id,
      slug: 'cats',
      display_name: 'Cats of the world',
      short_display_name: 'Cats of the world',
      description: 'Felines',
      type: 'community',
      content_type: 'gif',
      banner_image: null,
      featured_gif: null,
      user: { username: 'ann' },
      parent: { slug: 'ann', path: 'ann' },
      ancestors: [{ path: 'ann' }],
      has_children: true,
      is_visible: true,
      tags: [{ tag: 'cat', rank: 1 }],
      syncable_tags: [],
    });
    expect((await channels('kitten')).map((c) => [c.path, c.ancestors.length])).toEqual([
      ['ann/cats/kittens', 2],
    ]);
    expect((await channels('ann')).map((c) => c.path)).toEqual(['ann']);
    expect((await channels('@ben')).map((c) => c.path)).toEqual(['ben']);
  });

  it('finds no hidden channel, nor anything under one', async () => {
    expect((await channels('secret')).map((c) => c.path)).toEqual([]);
    expect((await channels('hidden')).map((c) => c.path)).toEqual([]);
  });

  it('scopes a search to a user with @username, to a channel with @username/slug', async () => {
    expect(await search('cat')).toEqual(['annCat', 'annCat2', 'benCat']);
    expect(await search('@ann cat')).toEqual(['annCat', 'annCat2']);
    // A channel holds anyone's GIFs: ben's is found in ann's channel.
    expect(await search('@ann/cats cat')).toEqual(['annCat', 'benCat']);
    expect(await search('@ANN/Cats/kittens cat')).toEqual(['annCat2']);
    expect(await search('@ann/cats')).toEqual(['annCat', 'benCat']);
  });

  it('finds nothing in a hidden channel, an unknown path or an unknown user', async () => {
    expect(await search('@ann/secret-cats dog')).toEqual([]);
    expect(await search('@ann/secret-cats')).toEqual([]);
    expect(await search('@ann/nope cat')).toEqual([]);
    expect(await search('@nobody/cats cat')).toEqual([]);
  });

  it('refuses a channel search without a term or with an oversized one', async () => {
    expect((await v1('/v1/channels/search?')).status).toBe(400);
    expect((await v1(`/v1/channels/search?q=${'x'.repeat(51)}`)).status).toBe(414);
    expect((await v1('/v1/channels/search?q=%20%20')).status).toBe(400);
  });
});
