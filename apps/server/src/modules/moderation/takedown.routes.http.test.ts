import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { readOutbox, SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { STORAGE_BACKENDS } from '../../../testing/test-s3.ts';

const DAY = 24 * 60 * 60 * 1000;
type ErrorBody = { error: { code: string } };
type ListBody = { data: { id: string }[]; meta?: { error_code?: string } };

describe.each(STORAGE_BACKENDS)('takedowns and restores (%s storage)', (storage) => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let zebra: string; // ann's real upload, with files
  let mediaPath: string;

  const api = (url: string) =>
    t.jiffy.app.inject(`${url}${url.includes('?') ? '&' : '?'}api_key=${t.apiKey}`);
  const ids = async (url: string) => (await api(url)).json<ListBody>().data.map((g) => g.id);
  /** Whether the store holds files under the folder `prefix`. */
  const exists = async (prefix: string) => (await t.jiffy.services.storage.list(prefix)).length > 0;

  beforeAll(async () => {
    t = await startTestJiffy({}, { storage });
    ({ users, visitor } = await permissionMatrix(t));
    const gif = await animatedImage({ width: 120, height: 90, frames: 3 });
    const form = multipart(
      { title: 'Zebra parade', tags: 'zebra, parade' },
      { name: 'zebra.gif', bytes: gif, type: 'image/gif' },
    );
    const upload = await users.ann!.request({ method: 'POST', url: '/api/v1/uploads', form });
    expect(upload.statusCode).toBe(201);
    zebra = upload.json<{ data: { id: string } }>().data.id;
    expect(await t.waitForGif(zebra, { complete: true })).toBe('ready');
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, { id: 'kept1', title: 'Zebra crossing', tags: ['zebra', 'parade'] });
    for (const id of ['row1', 'row2', 'row3'])
      await insertGifRow(gifs, { id, title: `Lion ${id}`, tags: ['lion'], user_id: 'idann' });
    await insertGifRow(gifs, { id: 'busy1', status: 'processing', user_id: 'idann' });
    const original = (await api(`/v1/gifs/${zebra}`)).json<{
      data: { images: { original: { url: string } } };
    }>().data.images.original.url;
    mediaPath = new URL(original).pathname;
  });
  afterAll(() => t.stop());

  it('takes a GIF down everywhere in the same request, mails the uploader and resolves its reports', async () => {
    // Kept answers first: the search and trending answers are cached for 30 s.
    const search = `/v1/gifs/search?q=zebra`;
    expect(await ids(search)).toContain(zebra);
    expect(await ids('/v1/gifs/trending')).toContain(zebra);
    expect(await ids('/v1/gifs/search?q=@ann')).toContain(zebra);
    expect((await users.ben!.post('/api/v1/favorites', { gif_id: zebra })).statusCode).toBe(201);
    expect(
      (await visitor.post(`/api/v1/gifs/${zebra}/reports`, { reason: 'copyright' })).statusCode,
    ).toBe(201);
    expect((await t.jiffy.app.inject(mediaPath)).statusCode).toBe(200);
    expect(await exists(`gifs/${zebra}`)).toBe(true);

    const response = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: zebra,
      reason: 'copyright',
      send_email: true,
      note: 'The drawing belongs to someone else.',
    });
    const afterTakedown = Date.now();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: {
        gif_id: zebra,
        status: 'removed',
        reason: 'copyright',
        reason_label: 'Copyright or trademark',
        emailed: true,
        reports_resolved: 1,
      },
    });

    // The cached search answer no longer holds it, well within a second.
    expect(await ids(search)).not.toContain(zebra);
    expect(Date.now() - afterTakedown).toBeLessThan(1000);
    expect(await ids(search)).toContain('kept1');
    expect(await ids('/v1/gifs/trending')).not.toContain(zebra);
    expect(await ids('/v1/gifs/search?q=@ann')).not.toContain(zebra);
    expect(await ids(`/v1/gifs?ids=${zebra},kept1`)).toEqual(['kept1']);
    expect(await ids('/v1/gifs/related?gif_id=kept1')).not.toContain(zebra);
    const random = (await api('/v1/gifs/random?tag=parade')).json<{ data: { id?: string } }>();
    expect(random.data.id).not.toBe(zebra);
    const byId = await api(`/v1/gifs/${zebra}`);
    expect(byId.statusCode).toBe(404);
    expect(byId.json<ListBody>().meta?.error_code).toBe('gif_not_found');
    const favorites = (await users.ben!.get('/api/v1/favorites')).json<ListBody>();
    expect(favorites.data.map((g) => g.id)).not.toContain(zebra);
    expect((await t.jiffy.app.inject(`/embed/${zebra}`)).statusCode).toBe(404);
    const page = `${t.jiffy.services.urls.publicUrl}/gifs/zebra-parade-${zebra}`;
    expect((await t.jiffy.app.inject(`/oembed?url=${encodeURIComponent(page)}`)).statusCode).toBe(
      404,
    );
    expect((await t.jiffy.app.inject(`/gifs/zebra-parade-${zebra}`)).statusCode).toBe(404);
    const media = await t.jiffy.app.inject(mediaPath);
    expect(media.statusCode).toBe(410);
    expect(media.json<ErrorBody>().error.code).toBe('gif_removed');

    // Files wait in quarantine; the reports it covers are resolved.
    expect(await exists(`gifs/${zebra}`)).toBe(false);
    expect(await exists(`quarantine/gifs/${zebra}`)).toBe(true);
    const open = (await users.mod!.get('/api/v1/gif-reports')).json<{
      data: { gif_id: string }[];
    }>();
    expect(open.data.map((r) => r.gif_id)).not.toContain(zebra);

    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === 'ann@example.com');
    expect(mail.at(-1)?.subject).toBe('Your GIF "Zebra parade" was taken down');
    expect(mail.at(-1)?.text).toContain('Reason: Copyright or trademark');
    expect(mail.at(-1)?.text).toContain('The drawing belongs to someone else.');

    const mine = (await users.ann!.get('/api/v3/content-takedown/mine')).json<{
      data: { gif_id: string; title: string; reason: string; note: string }[];
    }>();
    expect(mine.data).toMatchObject([
      {
        gif_id: zebra,
        title: 'Zebra parade',
        reason: 'copyright',
        note: 'The drawing belongs to someone else.',
      },
    ]);
    expect((await users.ben!.get('/api/v3/content-takedown/mine')).json()).toEqual({ data: [] });
    const anonymousMine = await visitor.get('/api/v3/content-takedown/mine');
    expect(anonymousMine.statusCode).toBe(401);
  });

  it('lets only moderators and admins take down, and refuses bad input changing nothing', async () => {
    const before = await t.jiffy.services.gifRepository.findById('row1');
    const outbox = (await readOutbox(t.dataDir)).length;
    const body = { gif_id: 'row1', reason: 'spam' };
    const takedown = (client: SiteClient, payload: object = body, csrf?: string) =>
      client.post('/api/v3/content-takedown/takedown', payload, csrf);
    const cases = [
      [takedown(visitor), 401, 'not_signed_in'],
      [takedown(users.ann!), 403, 'forbidden'], // the owner
      [takedown(users.ben!), 403, 'forbidden'],
      [takedown(users.cat!), 403, 'forbidden'],
      [takedown(users.mod!, body, 'omit'), 403, 'csrf_failed'],
      [takedown(users.mod!, { ...body, gif_id: 'nosuchgif' }), 404, 'gif_not_found'],
      [takedown(users.mod!, { ...body, gif_id: 'busy1' }), 404, 'gif_not_found'],
      [takedown(users.mod!, { ...body, gif_id: '../etc' }), 400, 'invalid_request'],
      [takedown(users.mod!, { ...body, gif_id: 'x'.repeat(5000) }), 400, 'invalid_request'],
      [takedown(users.mod!, { ...body, reason: 'because' }), 400, 'invalid_request'],
      [takedown(users.mod!, { ...body, note: 'n'.repeat(1001) }), 400, 'invalid_request'],
      [takedown(users.mod!, { ...body, send_email: 'yes' }), 400, 'invalid_request'],
      [takedown(users.mod!, { reason: 'spam' }), 400, 'invalid_request'],
      [takedown(users.adm!, { ...body, gif_id: zebra }), 409, 'gif_already_removed'],
    ] as const;
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.statusCode, code).toBe(status);
      expect(response.json<ErrorBody>().error.code).toBe(code);
    }
    expect(await t.jiffy.services.gifRepository.findById('row1')).toEqual(before);
    expect((await readOutbox(t.dataDir)).length).toBe(outbox);
    expect(
      (await users.ann!.get('/api/v3/content-takedown/mine')).json<ListBody>().data,
    ).toHaveLength(1);

    // Moderators and admins may (no e-mail unless asked).
    for (const [client, id] of [
      [users.mod!, 'row1'],
      [users.adm!, 'row2'],
    ] as const) {
      const response = await takedown(client, { gif_id: id, reason: 'spam' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ data: { gif_id: id, emailed: false } });
      expect((await api(`/v1/gifs/${id}`)).statusCode).toBe(404);
    }
    expect((await readOutbox(t.dataDir)).length).toBe(outbox);
  });

  it('lets only admins restore, bringing the GIF and its files back at once', async () => {
    const search = '/v1/gifs/search?q=zebra';
    expect(await ids(search)).not.toContain(zebra); // cached without it
    const restore = (client: SiteClient, payload: object = { gif_id: zebra }) =>
      client.post('/api/v3/content-takedown/restore', payload);
    const refusals = [
      [restore(visitor), 401, 'not_signed_in'],
      [restore(users.ann!), 403, 'forbidden'],
      [restore(users.ben!), 403, 'forbidden'],
      [restore(users.cat!), 403, 'forbidden'],
      [restore(users.mod!), 403, 'forbidden'],
      [restore(users.adm!, { gif_id: 'nosuchgif' }), 404, 'gif_not_found'],
      [restore(users.adm!, { gif_id: 'kept1' }), 409, 'gif_not_removed'],
      [restore(users.adm!, { gif_id: 'a/b' }), 400, 'invalid_request'],
      [restore(users.adm!, {}), 400, 'invalid_request'],
    ] as const;
    for (const [pending, status, code] of refusals) {
      const response = await pending;
      expect(response.statusCode, code).toBe(status);
      expect(response.json<ErrorBody>().error.code).toBe(code);
    }
    expect((await api(`/v1/gifs/${zebra}`)).statusCode).toBe(404);

    const restored = await restore(users.adm!);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ data: { gif_id: zebra, status: 'ready' } });
    expect(await ids(search)).toContain(zebra);
    expect((await api(`/v1/gifs/${zebra}`)).statusCode).toBe(200);
    expect((await t.jiffy.app.inject(mediaPath)).statusCode).toBe(200);
    expect((await t.jiffy.app.inject(`/embed/${zebra}`)).statusCode).toBe(200);
    expect(await exists(`quarantine/gifs/${zebra}`)).toBe(false);
    const again = await restore(users.adm!);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.code).toBe('gif_not_removed');
    const mine = (await users.ann!.get('/api/v3/content-takedown/mine')).json<{
      data: { gif_id: string; restored_at: string | null }[];
    }>();
    expect(mine.data.find((d) => d.gif_id === zebra)?.restored_at).toEqual(expect.any(String));
  });

  it('deletes quarantined files past the retention, after which a restore is refused', async () => {
    const taken = await users.adm!.post('/api/v3/content-takedown/takedown', {
      gif_id: zebra,
      reason: 'violence',
    });
    expect(taken.statusCode).toBe(200);
    const age = (days: number) =>
      t.jiffy.database.db
        .updateTable('gif_takedowns')
        .set({ created_at: new Date(Date.now() - days * DAY) as never }) // never updated in code
        .where('restored_at', 'is', null)
        .execute();
    await age(29);
    expect(await t.jiffy.services.moderation.purgeExpiredQuarantine()).toBe(0);
    expect(await exists(`quarantine/gifs/${zebra}`)).toBe(true);
    // Past the retention, the periodic job (through the real queue) deletes the files.
    await age(31);
    await t.jiffy.services.queue.enqueue({ name: 'moderation.purge-quarantine', data: {} });
    for (let i = 0; i < 100 && (await exists(`quarantine/gifs/${zebra}`)); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exists(`quarantine/gifs/${zebra}`)).toBe(false);
    expect(await exists(`gifs/${zebra}`)).toBe(false);
    const restore = await users.adm!.post('/api/v3/content-takedown/restore', { gif_id: zebra });
    expect(restore.statusCode).toBe(409);
    expect(restore.json<ErrorBody>().error.code).toBe('gif_not_restorable');
    const media = await t.jiffy.app.inject(mediaPath);
    expect(media.statusCode).toBe(410);
    expect(media.json<ErrorBody>().error.code).toBe('gif_removed');
  });
});
