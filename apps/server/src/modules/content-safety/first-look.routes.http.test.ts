import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type QueueGif = { id: string; rating: string; moderation: { uploader_user_id: string } };
type AutomaticItem = {
  kind: 'automatic';
  gif_id: string;
  reason: string;
  reason_label: string;
  declared_rating: string | null;
  suggested_rating: string | null;
  scores: Record<string, number> | null;
  distance: number | null;
  gif: QueueGif;
  duplicate_gif?: QueueGif | null;
};

const picture = (options: {
  format?: 'gif' | 'webp';
  pattern?: 'bars' | 'rings';
  width?: number;
}) => animatedImage({ width: options.width ?? 160, height: 96, frames: 4, ...options });

/** Uploads from the site as `client`; the answer's status and id. */
async function upload(client: SiteClient, bytes: Buffer, title: string, rating = 'g') {
  const webp = bytes.subarray(8, 12).toString() === 'WEBP';
  const file = webp
    ? { name: 'a.webp', bytes, type: 'image/webp' }
    : { name: 'a.gif', bytes, type: 'image/gif' };
  const form = multipart({ title, rating }, file);
  const response = await client.request({ method: 'POST', url: '/api/v1/uploads', form });
  return { status: response.statusCode, id: response.json<{ data: { id: string } }>().data.id };
}

async function automaticItems(t: TestJiffy, mod: SiteClient): Promise<AutomaticItem[]> {
  const response = await mod.get('/api/v3/moderation/queue?kind=automatic&limit=50');
  expect(response.statusCode).toBe(200);
  return response.json<{ data: AutomaticItem[] }>().data;
}

const publicRating = async (t: TestJiffy, id: string) =>
  (await t.jiffy.app.inject(`/v1/gifs/${id}?api_key=${t.apiKey}`)).json<{
    data: { rating: string };
  }>().data.rating;

describe('automatic first look, default thresholds', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let annBars: string;

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    annBars = (await upload(users.ann!, await picture({}), 'Colour bars')).id;
    expect(await t.waitForGif(annBars)).toBe('ready');
  });
  afterAll(() => t.stop());

  it('rates a generated drawing g, keeps its scores and queues nothing', async () => {
    expect(await publicRating(t, annBars)).toBe('g');
    const row = await t.jiffy.services.gifRepository.findById(annBars);
    expect(row?.suggested_rating).toBe('g');
    expect(Object.keys(row!.safety_scores!).sort()).toEqual([
      'Drawing',
      'Hentai',
      'Neutral',
      'Porn',
      'Sexy',
    ]);
    expect(await automaticItems(t, users.mod!)).toEqual([]);
  });

  it('answers an exact re-upload by the same user with the GIF already there (200)', async () => {
    const again = await upload(users.ann!, await picture({}), 'Colour bars again');
    expect(again).toEqual({ status: 200, id: annBars });
    const mine = await users.ann!.get('/api/v1/users/me/gifs');
    expect(mine.json<{ data: { id: string }[] }>().data.map((g) => g.id)).toEqual([annBars]);
  });

  it("queues another user's near-duplicate with both GIFs side by side", async () => {
    // The owner's own re-encode (other bytes, nearly the same hash) is no one else's GIF.
    const annCopy = (await upload(users.ann!, await picture({ format: 'webp' }), 'Again')).id;
    const benOwn = (await upload(users.ben!, await picture({ pattern: 'rings' }), 'Rings')).id;
    expect(await t.waitForGif(annCopy)).toBe('ready');
    expect(await t.waitForGif(benOwn)).toBe('ready');
    expect(await automaticItems(t, users.mod!)).toEqual([]);
    // Another user's copy of the same picture, re-encoded as WebP and wider.
    const benCopy = (
      await upload(users.ben!, await picture({ format: 'webp', width: 200 }), 'Mine')
    ).id;
    expect(await t.waitForGif(benCopy)).toBe('ready');
    const items = await automaticItems(t, users.mod!);
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({
      reason: 'near_duplicate',
      reason_label: "Near-duplicate of another user's GIF",
      gif_id: benCopy,
      gif: { id: benCopy },
    });
    expect([annBars, annCopy]).toContain(item!.duplicate_gif!.id);
    expect(item!.distance).toBeLessThanOrEqual(4);
  });

  it('lists automatic flags to moderators and admins only (permission matrix)', async () => {
    const url = '/api/v3/moderation/queue?kind=automatic';
    expect((await visitor.get(url)).statusCode).toBe(401);
    for (const who of ['ann', 'ben', 'cat']) {
      expect((await users[who]!.get(url)).statusCode).toBe(403);
    }
    for (const who of ['mod', 'adm']) {
      expect((await users[who]!.get(url)).statusCode).toBe(200);
    }
    expect((await users.mod!.get('/api/v3/moderation/queue?kind=automatik')).statusCode).toBe(400);
  });
});

describe('automatic first look, thresholds the test image crosses', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;

  beforeAll(async () => {
    // Test-only thresholds below the real scores a generated picture gets from the real model.
    t = await startTestJiffy({ NSFW_EXPLICIT_THRESHOLD: '0.0001', NSFW_SUGGESTIVE_THRESHOLD: '0' });
    ({ users } = await permissionMatrix(t));
  });
  afterAll(() => t.stop());

  it('lists an upload at the stricter suggested rating and queues it for review', async () => {
    const { id } = await upload(users.ann!, await picture({}), 'Declared g', 'g');
    expect(await t.waitForGif(id)).toBe('ready');
    expect(await publicRating(t, id)).toBe('r');
    const [item, ...others] = await automaticItems(t, users.mod!);
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      reason: 'content_safety',
      declared_rating: 'g',
      suggested_rating: 'r',
      gif: { id, rating: 'r' },
    });
    expect(item!.scores!.Porn! + item!.scores!.Hentai!).toBeGreaterThanOrEqual(0.0001);
    // A moderator who agrees with the uploader sets the rating back; the flag is resolved.
    const decided = await users.mod!.post(`/api/v1/gifs/${id}/moderation`, {
      action: 'set_rating',
      rating: 'g',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json<{ data: { flags_resolved: number } }>().data.flags_resolved).toBe(1);
    expect(await publicRating(t, id)).toBe('g');
    expect(await automaticItems(t, users.mod!)).toEqual([]);
  });

  it('queues nothing when the declared rating is already as strict', async () => {
    const { id } = await upload(users.ben!, await picture({ pattern: 'rings' }), 'Declared r', 'r');
    expect(await t.waitForGif(id)).toBe('ready');
    expect(await publicRating(t, id)).toBe('r');
    expect(await automaticItems(t, users.mod!)).toEqual([]);
  });
});
