import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string } };
type AuditBody = {
  data: {
    id: string;
    action: string;
    gif_id: string;
    actor: { id: string; username: string } | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    created_at: string;
  }[];
  pagination: { next_cursor: string | null };
};

describe('owners deleting their GIFs, and the audit log', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let wave: string; // ann's real upload, with files
  let mediaPath: string;

  const api = (url: string) =>
    t.jiffy.app.inject(`${url}${url.includes('?') ? '&' : '?'}api_key=${t.apiKey}`);
  const ids = async (url: string) =>
    (await api(url)).json<{ data: { id: string }[] }>().data.map((g) => g.id);
  const remove = (client: SiteClient, id: string, csrf?: string) =>
    client.request({ method: 'DELETE', url: `/api/v1/gifs/${id}`, ...(csrf ? { csrf } : {}) });
  const row = (id: string) => t.jiffy.services.gifRepository.findById(id);

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    const gif = await animatedImage({ width: 100, height: 80, frames: 3 });
    const form = multipart(
      { title: 'Walrus wave', tags: 'walrus' },
      { name: 'wave.gif', bytes: gif, type: 'image/gif' },
    );
    const upload = await users.ann!.request({ method: 'POST', url: '/api/v1/uploads', form });
    wave = upload.json<{ data: { id: string } }>().data.id;
    expect(await t.waitForGif(wave, { complete: true })).toBe('ready');
    mediaPath = new URL(
      (await api(`/v1/gifs/${wave}`)).json<{ data: { images: { original: { url: string } } } }>()
        .data.images.original.url,
    ).pathname;
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, {
      id: 'annok',
      title: 'Walrus two',
      tags: ['walrus'],
      user_id: 'idann',
    });
    await insertGifRow(gifs, { id: 'annbad', status: 'failed', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'annbusy', status: 'processing', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'cats1', user_id: 'idcat' });
    await insertGifRow(gifs, { id: 'cats2', user_id: 'idcat' });
    await insertGifRow(gifs, { id: 'cats3', user_id: 'idcat' });
  });
  afterAll(() => t.stop());

  it('lets the owner delete a GIF: gone from every surface at once, files deleted', async () => {
    expect(await ids('/v1/gifs/search?q=walrus')).toContain(wave); // a cached answer now
    const filesDir = path.join(t.dataDir, 'media', 'gifs', wave);
    await expect(fs.stat(filesDir)).resolves.toBeTruthy();

    const response = await remove(users.ann!, wave);
    expect(response.statusCode).toBe(204);
    expect(await ids('/v1/gifs/search?q=walrus')).toEqual(['annok']);
    const byId = await api(`/v1/gifs/${wave}`);
    expect(byId.statusCode).toBe(404);
    expect(byId.json<{ meta: { error_code: string } }>().meta.error_code).toBe('gif_not_found');
    expect((await t.jiffy.app.inject(mediaPath)).statusCode).toBe(404);
    expect((await t.jiffy.app.inject(`/embed/${wave}`)).statusCode).toBe(404);
    await expect(fs.stat(filesDir)).rejects.toThrow();
    await expect(
      fs.stat(path.join(t.dataDir, 'media', 'quarantine', 'gifs', wave)),
    ).rejects.toThrow();
    expect(await row(wave)).toBeUndefined();

    // A failed upload of one's own can go too.
    expect((await remove(users.ann!, 'annbad')).statusCode).toBe(204);
    expect(await row('annbad')).toBeUndefined();
  });

  it('lets moderators and admins delete any GIF; others learn nothing and change nothing', async () => {
    const cases = [
      [remove(visitor, 'cats1'), 401, 'not_signed_in'],
      [remove(users.ben!, 'cats1'), 403, 'forbidden'], // another user's public GIF
      [remove(users.ann!, 'cats1'), 403, 'forbidden'],
      [remove(users.ben!, 'annbusy'), 404, 'gif_not_found'], // not public: not revealed
      [remove(users.ann!, 'annbusy'), 409, 'gif_processing'],
      [remove(users.cat!, 'cats1', 'omit'), 403, 'csrf_failed'],
      [remove(users.cat!, 'nosuchgif'), 404, 'gif_not_found'],
      [remove(users.cat!, 'bad.id'), 400, 'invalid_request'],
      [remove(users.cat!, 'x'.repeat(90)), 400, 'invalid_request'],
    ] as const;
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.statusCode, code).toBe(status);
      expect(response.json<ErrorBody>().error.code).toBe(code);
    }
    for (const id of ['cats1', 'annbusy']) expect(await row(id)).toBeDefined();

    expect((await remove(users.cat!, 'cats1')).statusCode).toBe(204); // the creator, their own
    expect((await remove(users.mod!, 'cats2')).statusCode).toBe(204);
    expect((await remove(users.adm!, 'annok')).statusCode).toBe(204);
    for (const id of ['cats1', 'cats2', 'annok']) expect(await row(id)).toBeUndefined();
  });

  it('keeps a taken-down GIF for a restore: nobody deletes it through this call', async () => {
    const taken = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: 'cats3',
      reason: 'spam',
      note: 'bulk junk',
    });
    expect(taken.statusCode).toBe(200);
    const cases = [
      [remove(users.cat!, 'cats3'), 409, 'gif_already_removed'], // the owner
      [remove(users.adm!, 'cats3'), 409, 'gif_already_removed'],
      [remove(users.ben!, 'cats3'), 404, 'gif_not_found'],
    ] as const;
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.statusCode, code).toBe(status);
      expect(response.json<ErrorBody>().error.code).toBe(code);
    }
    expect((await row('cats3'))?.status).toBe('removed');
    const restored = await users.adm!.post('/api/v3/content-takedown/restore', { gif_id: 'cats3' });
    expect(restored.statusCode).toBe(200);
  });

  it('shows admins every takedown, restore and delete, newest first, page by page', async () => {
    const first = await users.adm!.get('/api/v3/moderation/audit-log?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json<AuditBody>();
    expect(page1.data).toMatchObject([
      {
        action: 'gif.restore',
        gif_id: 'cats3',
        actor: { id: 'idadm', username: 'adm' },
        before: { status: 'removed', takedown_reason: 'spam' },
        after: { status: 'ready' },
      },
      {
        action: 'gif.takedown',
        gif_id: 'cats3',
        actor: { id: 'idmod', username: 'mod' },
        before: { status: 'ready', user_id: 'idcat' },
        after: { status: 'removed', reason: 'spam', note: 'bulk junk' },
      },
    ]);
    expect(Date.parse(page1.data[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const rest = await users.adm!.get(
      `/api/v3/moderation/audit-log?limit=100&cursor=${page1.pagination.next_cursor}`,
    );
    const page2 = rest.json<AuditBody>();
    expect(page2.pagination.next_cursor).toBeNull();
    expect(page2.data.map((e) => [e.action, e.gif_id, e.actor?.username])).toEqual([
      ['gif.delete', 'annok', 'adm'],
      ['gif.delete', 'cats2', 'mod'],
      ['gif.delete', 'cats1', 'cat'],
      ['gif.delete', 'annbad', 'ann'],
      ['gif.delete', wave, 'ann'],
    ]);
    expect(page2.data.at(-1)).toMatchObject({ before: { title: 'Walrus wave' }, after: null });

    const refusals = [
      [visitor.get('/api/v3/moderation/audit-log'), 401, 'not_signed_in'],
      [users.ann!.get('/api/v3/moderation/audit-log'), 403, 'forbidden'],
      [users.ben!.get('/api/v3/moderation/audit-log'), 403, 'forbidden'],
      [users.cat!.get('/api/v3/moderation/audit-log'), 403, 'forbidden'],
      [users.mod!.get('/api/v3/moderation/audit-log'), 403, 'forbidden'],
      [users.adm!.get('/api/v3/moderation/audit-log?limit=0'), 400, 'invalid_request'],
      [users.adm!.get('/api/v3/moderation/audit-log?limit=101'), 400, 'invalid_request'],
      [users.adm!.get('/api/v3/moderation/audit-log?cursor=abc'), 400, 'invalid_request'],
      [
        users.adm!.get(`/api/v3/moderation/audit-log?cursor=${'9'.repeat(40)}`),
        400,
        'invalid_request',
      ],
    ] as const;
    for (const [pending, status, code] of refusals) {
      const response = await pending;
      expect(response.statusCode, code).toBe(status);
      expect(response.json<ErrorBody>().error.code).toBe(code);
    }
  });
});
