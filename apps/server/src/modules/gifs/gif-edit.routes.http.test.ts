import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string; message: string } };
type EditBody = { data: Record<string, unknown> & { changed: boolean } };
type AuditBody = {
  data: {
    action: string;
    gif_id: string;
    actor: { username: string } | null;
    before: unknown;
    after: unknown;
  }[];
};

describe('POST /ajax/gif/update: owners and staff edit a GIF', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;

  const api = (url: string) =>
    t.jiffy.app.inject(`${url}${url.includes('?') ? '&' : '?'}api_key=${t.apiKey}`);
  const ids = async (url: string) =>
    (await api(url)).json<{ data: { id: string }[] }>().data.map((g) => g.id);
  const edit = (client: SiteClient, gif_id: string, key: string, value: unknown, csrf?: string) =>
    client.post('/ajax/gif/update', { gif_id, key, value }, csrf);
  const row = (id: string) => t.jiffy.services.gifRepository.findById(id);

  beforeAll(async () => {
    // No workers: the settle sweep would fail the 'processing' rows these tests keep.
    t = await startTestJiffy({}, { startWorkers: false });
    ({ users, visitor } = await permissionMatrix(t));
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, {
      id: 'annwalrus',
      title: 'Walrus wave',
      tags: ['walrus', 'ocean'],
      user_id: 'idann',
    });
    await insertGifRow(gifs, { id: 'anncat', title: 'Cat nap', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'annbusy', status: 'processing', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'annfail', status: 'failed', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'anngone', status: 'removed', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'catgif', title: 'Creator loop', user_id: 'idcat' });
    await insertGifRow(gifs, {
      id: 'annhidden',
      title: 'Hideaway',
      tags: ['hideaway'],
      user_id: 'idann',
    });
  });
  afterAll(() => t.stop());

  it('shows a tag edit in search at once: the new tag finds it, the old one no longer does', async () => {
    // Both answers are kept (30 s) before the edit.
    expect(await ids('/v1/gifs/search?q=walrus')).toEqual(['annwalrus']);
    expect(await ids('/v1/gifs/search?q=seashore')).toEqual([]);
    const byId = await api('/v1/gifs/annwalrus');
    expect(byId.json<{ data: { title: string } }>().data.title).toBe('Walrus wave');

    const tags = await edit(users.ann!, 'annwalrus', 'tags', 'Seashore, ocean, seashore');
    expect(tags.statusCode).toBe(200);
    expect(tags.json<EditBody>().data).toMatchObject({
      id: 'annwalrus',
      tags: ['seashore', 'ocean'],
      changed: true,
    });
    expect(await ids('/v1/gifs/search?q=seashore')).toEqual(['annwalrus']);
    expect(await ids('/v1/gifs/search?q=ocean')).toEqual(['annwalrus']);

    // The title still says walrus; once it no longer does, nothing finds it by that word.
    const title = await edit(users.ann!, 'annwalrus', 'title', '  Seal wave ');
    expect(title.json<EditBody>().data).toMatchObject({ title: 'Seal wave', changed: true });
    expect(await ids('/v1/gifs/search?q=walrus')).toEqual([]);
    expect(await ids('/v1/gifs/search?q=seal')).toEqual(['annwalrus']);
    const after = await api('/v1/gifs/annwalrus');
    const renamed = after.json<{ data: { title: string; slug: string; url: string } }>().data;
    expect(renamed.title).toBe('Seal wave');
    // The slug and page link follow the title; the old link still opens the page.
    expect(renamed.slug).toBe('seal-wave-annwalrus');
    expect(renamed.url).toMatch(/\/gifs\/seal-wave-annwalrus$/);
    const oldPage = await t.jiffy.app.inject('/gifs/walrus-wave-annwalrus');
    expect(oldPage.statusCode).toBe(200);
    expect(oldPage.body).toContain('Seal wave');

    // Tags as a JSON list work too; the same value again changes nothing.
    const list = await edit(users.ann!, 'annwalrus', 'tags', ['seashore', 'ocean']);
    expect(list.json<EditBody>().data.changed).toBe(false);
  });

  it('sets every editable field with the upload fields’ rules', async () => {
    const cases: [string, unknown, Record<string, unknown>][] = [
      ['alt_text', 'A cat asleep', { alt_text: 'A cat asleep' }],
      [
        'source_post_url',
        'https://example.com/post',
        { source_post_url: 'https://example.com/post' },
      ],
      ['source_post_url', '', { source_post_url: null }],
      ['rating', 'pg-13', { rating: 'pg-13' }],
      ['is_sticker', true, { is_sticker: true }],
      ['is_sticker', 'false', { is_sticker: false }],
      ['lang', 'es', { lang: 'es' }],
    ];
    for (const [key, value, expected] of cases) {
      const response = await edit(users.ann!, 'anncat', key, value);
      expect(response.statusCode, key).toBe(200);
      expect(response.json<EditBody>().data, key).toMatchObject({ ...expected, changed: true });
    }
    expect(await row('anncat')).toMatchObject({
      alt_text: 'A cat asleep',
      source_post_url: null,
      rating: 'pg-13',
      type: 'gif',
      lang: 'es',
    });
    // Spanish now: 'gatos' is stemmed as Spanish and finds the Spanish title 'gato'.
    await edit(users.ann!, 'anncat', 'title', 'Gato dormido');
    expect(await ids('/v1/gifs/search?q=gatos&lang=es&rating=pg-13')).toEqual(['anncat']);
    // The sticker flag moves it between the GIF and sticker lists.
    await edit(users.ann!, 'anncat', 'is_sticker', '1');
    expect(await ids('/v1/stickers/search?q=gato&lang=es&rating=pg-13')).toEqual(['anncat']);
    expect(await ids('/v1/gifs/search?q=gato&lang=es&rating=pg-13')).toEqual([]);
  });

  it('unlists a GIF: gone from search, trending and tags at once, still served by id and embed', async () => {
    // Kept answers first.
    expect(await ids('/v1/gifs/search?q=hideaway')).toEqual(['annhidden']);
    expect(await ids('/v1/gifs/trending?limit=50')).toContain('annhidden');

    const unlisted = await edit(users.ann!, 'annhidden', 'visibility', 'unlisted');
    expect(unlisted.statusCode).toBe(200);
    expect(unlisted.json<EditBody>().data).toMatchObject({ visibility: 'unlisted', changed: true });
    expect(await ids('/v1/gifs/search?q=hideaway')).toEqual([]);
    expect(await ids('/v1/gifs/trending?limit=50')).not.toContain('annhidden');
    const tags = await api('/v1/gifs/search/tags?q=hideaw');
    expect(tags.json<{ data: { name: string }[] }>().data).toEqual([]);
    expect((await api('/v1/gifs/annhidden')).statusCode).toBe(200);
    expect((await t.jiffy.app.inject('/embed/annhidden')).statusCode).toBe(200);
    const meta = await visitor.get('/ajax/gifs/metadata?gif_ids=annhidden');
    expect(meta.json<{ data: unknown[] }>().data).toMatchObject([{ visibility: 'unlisted' }]);
    const trending = await visitor.get('/ajax/gifs/trending?gif_ids=annhidden');
    expect(trending.json<{ data: unknown[] }>().data).toMatchObject([{ is_trending: false }]);

    // Public again: listed again, at once.
    await edit(users.ann!, 'annhidden', 'visibility', 'public');
    expect(await ids('/v1/gifs/search?q=hideaway')).toEqual(['annhidden']);
    expect(await ids('/v1/gifs/trending?limit=50')).toContain('annhidden');
  });

  it('lets the owner, moderators and admins edit; others learn nothing and change nothing', async () => {
    const cases = [
      [edit(visitor, 'catgif', 'title', 'x'), 401, 'not_signed_in'],
      [edit(users.ben!, 'catgif', 'title', 'x'), 403, 'forbidden'], // another's public GIF
      [edit(users.ann!, 'catgif', 'title', 'x'), 403, 'forbidden'],
      [edit(users.ben!, 'annbusy', 'title', 'x'), 404, 'gif_not_found'], // not public: not revealed
      [edit(users.ben!, 'annfail', 'title', 'x'), 404, 'gif_not_found'],
      [edit(users.ben!, 'anngone', 'title', 'x'), 404, 'gif_not_found'],
      [edit(users.ann!, 'anngone', 'title', 'x'), 409, 'gif_already_removed'],
      [edit(users.mod!, 'anngone', 'title', 'x'), 409, 'gif_already_removed'],
      [edit(users.ann!, 'annbusy', 'title', 'x'), 409, 'gif_processing'],
      [edit(users.cat!, 'catgif', 'title', 'x', 'omit'), 403, 'csrf_failed'],
      [edit(users.cat!, 'nosuchgif', 'title', 'x'), 404, 'gif_not_found'],
    ] as const;
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.statusCode, code).toBe(status);
      expect(response.json<ErrorBody>().error.code).toBe(code);
    }
    expect(await row('catgif')).toMatchObject({ title: 'Creator loop' });
    expect(await row('anngone')).toMatchObject({ title: '', status: 'removed' });

    const allowed = [
      [users.cat!, 'catgif', 'By the creator'],
      [users.mod!, 'catgif', 'By a moderator'],
      [users.adm!, 'catgif', 'By an admin'],
      [users.ann!, 'annfail', 'A failed one of mine'],
    ] as const;
    for (const [client, id, title] of allowed) {
      const response = await edit(client, id, 'title', title);
      expect(response.statusCode, title).toBe(200);
      expect((await row(id))?.title).toBe(title);
    }
  });

  it('refuses unknown keys and bad values with a clear 400, changing nothing', async () => {
    const before = await row('catgif');
    const cases: [object, string][] = [
      [{ gif_id: 'catgif', key: 'views', value: 1 }, 'unknown_edit_key'],
      [{ gif_id: 'catgif', key: 'visibility', value: 'private' }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'hidden', value: true }, 'unknown_edit_key'],
      [{ gif_id: 'catgif', key: 'user_id', value: 'idben' }, 'unknown_edit_key'],
      [{ gif_id: 'catgif', key: '__proto__', value: {} }, 'unknown_edit_key'],
      [{ gif_id: 'catgif', key: 'toString', value: 'x' }, 'unknown_edit_key'],
      [{ gif_id: 'catgif', key: 'k'.repeat(65), value: 'x' }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'title', value: 't'.repeat(141) }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'title', value: 42 }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'title' }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'alt_text', value: 'a'.repeat(501) }, 'invalid_request'],
      [
        { gif_id: 'catgif', key: 'tags', value: Array.from({ length: 31 }, (_, i) => `t${i}`) },
        'invalid_request',
      ],
      [{ gif_id: 'catgif', key: 'tags', value: 'x'.repeat(65) }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'tags', value: [1, 2] }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'rating', value: 'nc-17' }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'lang', value: 'english' }, 'invalid_request'],
      [
        { gif_id: 'catgif', key: 'source_post_url', value: 'javascript:alert(1)' },
        'invalid_request',
      ],
      [{ gif_id: 'catgif', key: 'is_sticker', value: 'maybe' }, 'invalid_request'],
      [{ gif_id: 'bad.id', key: 'title', value: 'x' }, 'invalid_request'],
      [{ gif_id: 'x'.repeat(90), key: 'title', value: 'x' }, 'invalid_request'],
      [{ key: 'title', value: 'x' }, 'invalid_request'],
      // Lone UTF-16 halves: the audit log's jsonb refused them (a 500 after the edit was tried).
      [{ gif_id: 'catgif', key: 'title', value: 'Cat \ud800' }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'alt_text', value: '\udc00' }, 'invalid_request'],
      [{ gif_id: 'catgif', key: 'tags', value: 'a\ud800,b' }, 'invalid_request'],
    ];
    for (const [body, code] of cases) {
      const response = await users.cat!.post('/ajax/gif/update', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<ErrorBody>().error.code).toBe(code);
    }
    expect(await row('catgif')).toEqual(before);
  });

  it('writes each change to the audit log with who, before and after', async () => {
    const log = await users.adm!.get('/api/v3/moderation/audit-log?limit=100');
    const edits = log.json<AuditBody>().data.filter((e) => e.action === 'gif.edit');
    expect(edits.find((e) => e.gif_id === 'annwalrus')).toMatchObject({
      actor: { username: 'ann' },
      before: { title: 'Walrus wave' },
      after: { title: 'Seal wave' },
    });
    expect(
      edits.find((e) => e.gif_id === 'annwalrus' && 'tags' in (e.before as object)),
    ).toMatchObject({
      before: { tags: ['walrus', 'ocean'] },
      after: { tags: ['seashore', 'ocean'] },
    });
    expect(edits.find((e) => e.gif_id === 'catgif')).toMatchObject({
      actor: { username: 'adm' },
      before: { title: 'By a moderator' },
      after: { title: 'By an admin' },
    });
    // An edit that changed nothing is not logged: two tag edits, one title edit for annwalrus.
    expect(edits.filter((e) => e.gif_id === 'annwalrus')).toHaveLength(2);
  });
});
