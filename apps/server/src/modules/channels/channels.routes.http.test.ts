import type { ChannelObject } from '@jiffy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Answer = { statusCode: number; json: <T>() => T };
const code = (r: Answer) => r.json<{ error: { code: string } }>().error.code;
const data = <T = ChannelObject>(r: Answer) => r.json<{ data: T }>().data;

describe('channels: the tree', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let annRoot: number;

  const create = (client: SiteClient, body: object) => client.post('/api/v4/channels/', body);
  const get = (client: SiteClient, id: number) => client.get(`/api/v4/channels/${id}`);
  const bySlug = (client: SiteClient, slug: string) =>
    client.get(`/api/v4/channels/?slug=${encodeURIComponent(slug)}`);
  const patch = (client: SiteClient, id: number, body: object) =>
    client.request({ method: 'PATCH', url: `/api/v4/channels/${id}/`, body });
  const del = (client: SiteClient, id: number) =>
    client.request({ method: 'DELETE', url: `/api/v4/channels/${id}/` });
  const move = (client: SiteClient, id: number, body: object) =>
    client.post(`/api/v4/channels/${id}/move/`, body);
  const childSlugs = async (id: number) =>
    data<ChannelObject[]>(await users.ann!.get(`/api/v4/channels/${id}/children/`)).map(
      (c) => c.slug,
    );
  const make = async (client: SiteClient, body: object) => {
    const response = await create(client, body);
    expect(response.statusCode).toBe(201);
    return data(response);
  };
  /** Every channel of the user, as `path` strings in tree order: what the tree looks like. */
  const tree = async (rootId: number): Promise<string[]> => {
    const out: string[] = [];
    const walk = async (id: number) => {
      for (const child of data<ChannelObject[]>(
        await users.adm!.get(`/api/v4/channels/${id}/children/`),
      )) {
        out.push(child.path);
        await walk(child.id);
      }
    };
    await walk(rootId);
    return out;
  };

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    annRoot = data(await bySlug(visitor, 'ann')).id;
  });
  afterAll(() => t.stop());

  it('gives every user a root channel: their profile, named and addressed by the username', async () => {
    const root = data(await bySlug(visitor, 'ANN'));
    expect(root).toMatchObject({
      id: annRoot,
      slug: 'ann',
      path: 'ann',
      display_name: 'ANN',
      is_root: true,
      parent: null,
      ancestors: [],
      has_children: false,
      type: 'community',
      content_type: 'gif',
      user: { username: 'ann' },
    });
    expect(data(await get(visitor, annRoot)).path).toBe('ann');
    // A user made after the migration gets one too (the trigger on users).
    await t.jiffy.services.users.insert({ id: 'iddan', username: 'dan', display_name: 'Dan' });
    expect(data(await bySlug(visitor, 'dan')).is_root).toBe(true);
    const unknown = await bySlug(visitor, 'nobody');
    expect([unknown.statusCode, code(unknown)]).toEqual([404, 'channel_not_found']);
  });

  it('makes a tree three deep, found by id and by path, with its ancestors', async () => {
    const art = await make(users.ann!, { display_name: 'Art & Craft' });
    expect(art).toMatchObject({ slug: 'art-craft', path: 'ann/art-craft', is_root: false });
    expect(art.parent).toEqual({ id: annRoot, slug: 'ann', path: 'ann', display_name: 'ANN' });
    const cats = await make(users.ann!, { parent: art.id, display_name: 'Cats', slug: 'cats' });
    const kittens = await make(users.ann!, {
      parent: cats.id,
      display_name: 'Kittens',
      description: 'small ones',
    });
    const found = data(await bySlug(visitor, 'ann/art-craft/cats/kittens'));
    expect(found).toMatchObject({ id: kittens.id, description: 'small ones', has_children: false });
    expect(found.ancestors.map((a) => a.path)).toEqual([
      'ann',
      'ann/art-craft',
      'ann/art-craft/cats',
    ]);
    expect(data(await get(visitor, art.id)).has_children).toBe(true);
    expect(await tree(annRoot)).toEqual([
      'ann/art-craft',
      'ann/art-craft/cats',
      'ann/art-craft/cats/kittens',
    ]);
    const missing = await bySlug(visitor, 'ann/art-craft/dogs');
    expect([missing.statusCode, code(missing)]).toEqual([404, 'channel_not_found']);
  });

  it('refuses a duplicate slug among siblings but not among cousins', async () => {
    const before = await tree(annRoot);
    const again = await create(users.ann!, { display_name: 'Art craft' });
    expect([again.statusCode, code(again)]).toEqual([409, 'channel_slug_taken']);
    expect(await tree(annRoot)).toEqual(before);
    const art = data(await bySlug(visitor, 'ann/art-craft'));
    expect((await create(users.ann!, { parent: art.id, display_name: 'Kittens' })).statusCode).toBe(
      201,
    );
    const cats = data(await bySlug(visitor, 'ann/art-craft/cats'));
    const rename = await patch(users.ann!, cats.id, { slug: 'kittens' });
    expect([rename.statusCode, code(rename)]).toEqual([409, 'channel_slug_taken']);
    expect(data(await get(visitor, cats.id)).slug).toBe('cats');
  });

  it('nests at most 8 deep below the profile and refuses the 9th level, by create or by move', async () => {
    let parent = annRoot;
    const chain: number[] = [];
    for (let depth = 1; depth <= 8; depth++) {
      const channel = await make(users.ben!, {
        ...(chain.length ? { parent } : {}),
        display_name: `Level ${depth}`,
      });
      chain.push(channel.id);
      parent = channel.id;
    }
    const deepest = data(await get(visitor, parent));
    expect(deepest.ancestors).toHaveLength(8);
    const ninth = await create(users.ben!, { parent, display_name: 'Level 9' });
    expect([ninth.statusCode, code(ninth)]).toEqual([409, 'channel_too_deep']);
    // Moving a channel with a child under level 7 would put the child at 9.
    const side = await make(users.ben!, { display_name: 'Side' });
    await make(users.ben!, { parent: side.id, display_name: 'Below side' });
    const tooDeep = await move(users.ben!, side.id, {
      position: 'last',
      target_channel: chain[6]!,
    });
    expect([tooDeep.statusCode, code(tooDeep)]).toEqual([409, 'channel_too_deep']);
    expect(data(await get(visitor, side.id)).ancestors).toHaveLength(1);
    // A 10,000-deep path is refused before any lookup.
    const deepPath = ['ben', ...Array.from({ length: 10_000 }, () => 'a')].join('/');
    const response = await bySlug(visitor, deepPath);
    expect([response.statusCode, code(response)]).toEqual([400, 'invalid_request']);
    const nine = await bySlug(visitor, ['ben', ...Array.from({ length: 9 }, () => 'a')].join('/'));
    expect([nine.statusCode, code(nine)]).toEqual([400, 'invalid_request']);
  });

  it('moves before, after, first and last; refuses its own subtree and changes nothing', async () => {
    const root = data(await bySlug(visitor, 'cat')).id;
    const [a, b, c] = [
      await make(users.cat!, { display_name: 'A' }),
      await make(users.cat!, { display_name: 'B' }),
      await make(users.cat!, { display_name: 'C' }),
    ];
    const a1 = await make(users.cat!, { parent: a.id, display_name: 'A1' });
    expect(await childSlugs(root)).toEqual(['a', 'b', 'c']);
    const moved = await move(users.cat!, c.id, { position: 'before', target_channel: a.id });
    expect(moved.statusCode).toBe(200);
    expect(await childSlugs(root)).toEqual(['c', 'a', 'b']);
    expect(
      (await move(users.cat!, c.id, { position: 'after', target_channel: b.id })).statusCode,
    ).toBe(200);
    expect(await childSlugs(root)).toEqual(['a', 'b', 'c']);
    // Into a: b becomes a's first child, then back out last under the root.
    const into = await move(users.cat!, b.id, { position: 'first', target_channel: a.id });
    expect(data(into).path).toBe('cat/a/b');
    expect(await childSlugs(a.id)).toEqual(['b', 'a1']);
    expect(
      (await move(users.cat!, b.id, { position: 'last', target_channel: root })).statusCode,
    ).toBe(200);
    expect(await tree(root)).toEqual(['cat/a', 'cat/a/a1', 'cat/c', 'cat/b']);
    const before = await tree(root);

    const refusals: [number, object, number, string][] = [
      [a.id, { position: 'first', target_channel: a.id }, 409, 'channel_cycle'],
      [a.id, { position: 'last', target_channel: a1.id }, 409, 'channel_cycle'],
      [a.id, { position: 'before', target_channel: a1.id }, 409, 'channel_cycle'],
      [root, { position: 'first', target_channel: a.id }, 409, 'channel_is_root'],
      [a.id, { position: 'before', target_channel: root }, 409, 'channel_is_root'],
      [a.id, { position: 'middle', target_channel: root }, 400, 'invalid_request'],
      [a.id, { position: 'first' }, 400, 'invalid_request'],
      [a.id, { position: 'first', target_channel: 99_999 }, 404, 'channel_not_found'],
      [a.id, { position: 'first', target_channel: annRoot }, 403, 'forbidden'],
    ];
    for (const [id, body, status, errorCode] of refusals) {
      const response = await move(users.cat!, id, body);
      expect([JSON.stringify(body), response.statusCode, code(response)]).toEqual([
        JSON.stringify(body),
        status,
        errorCode,
      ]);
    }
    // A moderator may move it, but only within its owner's tree.
    const across = await move(users.mod!, a.id, { position: 'first', target_channel: annRoot });
    expect([across.statusCode, code(across)]).toEqual([400, 'invalid_request']);
    // A slug taken under the new parent.
    await make(users.cat!, { parent: a.id, display_name: 'C' });
    const clash = await move(users.cat!, c.id, { position: 'last', target_channel: a.id });
    expect([clash.statusCode, code(clash)]).toEqual([409, 'channel_slug_taken']);
    expect((await tree(root)).filter((p) => p !== 'cat/a/c')).toEqual(before);
  });

  it('lets the owner, moderators and admins change a channel; refuses everyone else', async () => {
    const channel = await make(users.ann!, { display_name: 'Matrix' });
    const cases: [string, SiteClient, number, string?][] = [
      ['visitor', visitor, 401, 'not_signed_in'],
      ['ben', users.ben!, 403, 'forbidden'],
      ['cat', users.cat!, 403, 'forbidden'],
      ['mod', users.mod!, 200],
      ['adm', users.adm!, 200],
      ['ann', users.ann!, 200],
    ];
    for (const [who, client, status, errorCode] of cases) {
      const response = await patch(client, channel.id, { description: `by ${who}` });
      expect([who, response.statusCode]).toEqual([who, status]);
      if (errorCode) expect(code(response)).toBe(errorCode);
      const child = await create(client, { parent: channel.id, display_name: `child of ${who}` });
      expect([who, child.statusCode]).toEqual([who, status === 200 ? 201 : status]);
    }
    const shown = data(await get(visitor, channel.id));
    expect(shown.description).toBe('by ann');
    expect(shown.user.username).toBe('ann'); // made by staff, still ann's
    expect(await childSlugs(channel.id)).toEqual(['child-of-mod', 'child-of-adm', 'child-of-ann']);
    const answer = await patch(users.ann!, channel.id, {
      display_name: 'Renamed',
      slug: 'renamed',
    });
    expect(answer.json<{ flush_uuid: unknown }>().flush_uuid).toBeNull();
    expect(data(answer)).toMatchObject({ display_name: 'Renamed', path: 'ann/renamed' });
    // Editorial channels are staff's.
    const editorial = await patch(users.ann!, channel.id, { type: 'editorial' });
    expect([editorial.statusCode, code(editorial)]).toEqual([403, 'forbidden']);
    expect((await patch(users.mod!, channel.id, { type: 'editorial' })).statusCode).toBe(200);
    const noCsrf = await users.ann!.request({
      method: 'PATCH',
      url: `/api/v4/channels/${channel.id}/`,
      body: { description: 'forged' },
      csrf: 'omit',
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(data(await get(visitor, channel.id)).description).toBe('by ann');
  });

  it('hides an invisible channel and everything under it from all but its owner and staff', async () => {
    const hidden = await make(users.ann!, { display_name: 'Secret', is_visible: false });
    const inner = await make(users.ann!, { parent: hidden.id, display_name: 'Inner' });
    for (const client of [visitor, users.ben!]) {
      for (const response of [
        await get(client, hidden.id),
        await get(client, inner.id),
        await bySlug(client, 'ann/secret/inner'),
        await client.get(`/api/v4/channels/${hidden.id}/children/`),
      ])
        expect([response.statusCode, code(response)]).toEqual([404, 'channel_not_found']);
      expect(
        data<ChannelObject[]>(await client.get(`/api/v4/channels/${annRoot}/children/`)).map(
          (c) => c.slug,
        ),
      ).not.toContain('secret');
      // Someone who cannot see it learns no more by trying to change it.
      expect((await patch(client, hidden.id, { description: 'x' })).statusCode).toBe(
        client === visitor ? 401 : 404,
      );
    }
    expect(data(await get(users.ann!, inner.id)).ancestors).toHaveLength(2);
    expect(data(await get(users.mod!, hidden.id)).is_private).toBe(true);
  });

  it('stops showing a feed once the channel or an ancestor is hidden, or deleted', async () => {
    const outer = await make(users.ann!, { display_name: 'Outer' });
    const inner = await make(users.ann!, { parent: outer.id, display_name: 'Inside' });
    const feed = (client: SiteClient) => client.get(`/api/v4/channels/${inner.id}/feed/`);
    expect((await feed(visitor)).statusCode).toBe(200);
    expect((await patch(users.ann!, outer.id, { is_visible: false })).statusCode).toBe(200);
    for (const client of [visitor, users.ben!]) {
      const response = await feed(client);
      expect([response.statusCode, code(response)]).toEqual([404, 'channel_not_found']);
    }
    expect((await feed(users.ann!)).statusCode).toBe(200);
    expect((await feed(users.mod!)).statusCode).toBe(200);
    await patch(users.ann!, outer.id, { is_visible: true });
    expect((await feed(visitor)).statusCode).toBe(200);
    await users.ann!.request({ method: 'DELETE', url: `/api/v4/channels/${outer.id}/` });
    for (const client of [visitor, users.ann!]) {
      const response = await feed(client);
      expect([response.statusCode, code(response)]).toEqual([404, 'channel_not_found']);
    }
  });

  it('says a parent id is needed when children are asked for without one', async () => {
    for (const url of ['/api/v4/channels/children/', '/api/v4/channels//children/']) {
      const response = await visitor.get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: 'channel_parent_required',
        message: "We cannot fetch a channel's children without its parent's id.",
      });
    }
  });

  it('refuses bad input with a clear 4xx and creates nothing', async () => {
    const before = await tree(annRoot);
    const refusals: [object, number, string][] = [
      [{}, 400, 'invalid_request'],
      [{ display_name: '' }, 400, 'invalid_request'],
      [{ display_name: 'x'.repeat(101) }, 400, 'invalid_request'],
      [{ display_name: '!!!' }, 400, 'invalid_request'],
      [{ display_name: 'Ok', slug: 'Not a slug' }, 400, 'invalid_request'],
      [{ display_name: 'Ok', slug: 'a--b' }, 400, 'invalid_request'],
      [{ display_name: 'Ok', owner: 'idben' }, 400, 'invalid_request'],
      [{ display_name: 'Ok', parent: 'one' }, 400, 'invalid_request'],
      [{ display_name: 'Ok', parent: 99_999 }, 404, 'channel_not_found'],
      [{ display_name: 'Ok', parent: data(await bySlug(visitor, 'ben')).id }, 403, 'forbidden'],
      [{ display_name: 'Ok', featured_gif: 'nosuchgif' }, 404, 'gif_not_found'],
      [{ display_name: 'Ok', type: 'editorial' }, 403, 'forbidden'],
    ];
    for (const [body, status, errorCode] of refusals) {
      const response = await create(users.ann!, body);
      expect([JSON.stringify(body), response.statusCode, code(response)]).toEqual([
        JSON.stringify(body),
        status,
        errorCode,
      ]);
    }
    expect((await create(visitor, { display_name: 'Ok' })).statusCode).toBe(401);
    expect((await get(visitor, 0)).statusCode).toBe(400);
    expect((await get(visitor, 99_999)).statusCode).toBe(404);
    expect((await visitor.get('/api/v4/channels/abc')).statusCode).toBe(400);
    const rootChanges: object[] = [{ slug: 'x' }, { display_name: 'x' }, { is_visible: false }];
    for (const body of rootChanges)
      expect(code(await patch(users.ann!, annRoot, body))).toBe('channel_is_root');
    expect(code(await patch(users.ann!, annRoot, {}))).toBe('invalid_request');
    expect(code(await del(users.ann!, annRoot))).toBe('channel_is_root');
    expect(await tree(annRoot)).toEqual(before);
  });

  it('deletes a channel with everything below it; refuses others', async () => {
    const top = await make(users.ann!, { display_name: 'Doomed' });
    const below = await make(users.ann!, { parent: top.id, display_name: 'Below' });
    expect((await del(visitor, top.id)).statusCode).toBe(401);
    expect((await del(users.ben!, top.id)).statusCode).toBe(403);
    const response = await del(users.ann!, top.id);
    expect(response.statusCode).toBe(200);
    expect(data<{ deleted_channels: number[] }>(response).deleted_channels.toSorted()).toEqual(
      [top.id, below.id].toSorted(),
    );
    expect((await get(users.ann!, below.id)).statusCode).toBe(404);
    expect((await del(users.ann!, top.id)).statusCode).toBe(404);
  });

  it('refuses to add GIFs, without changing anything, for a foreign channel', async () => {
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'treegif', user_id: 'idann' });
    const channel = await make(users.ann!, { display_name: 'Foreign test' });
    const response = await users.ben!.post('/api/v4/channel-gifs/', {
      channel: channel.id,
      gif: 'treegif',
    });
    expect([response.statusCode, code(response)]).toEqual([403, 'forbidden']);
    const feed = await visitor.get(`/api/v4/channels/${channel.id}/feed/`);
    expect(data<unknown[]>(feed)).toEqual([]);
  });
});
