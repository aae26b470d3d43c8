import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { countRows, describeTables } from '../src/app/backup/catalog.ts';
import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { animatedImage } from './fixtures.ts';
import { insertGifRow } from './gif-rows.ts';
import { SiteClient } from './site-client.ts';
import { signedInUsers, TEST_PASSWORD } from './signed-in-users.ts';
import type { TestJiffy } from './test-jiffy.ts';

/** What seedContent made, to look at again on another instance. */
export interface SeededContent {
  /** GIFs through the real upload pipeline (files and every rendition): one, to keep it quick. */
  uploaded: string[];
  /** GIF rows without files, owned by ann. */
  rows: string[];
  channelId: number;
}

interface GifAnswer {
  id: string;
  images: Record<string, { url?: string; mp4?: string; webp?: string }>;
  analytics: { onload: { url: string } };
}

/**
 * A small instance with something in most tables a user touches: two users (ann, a user, and
 * mod, a moderator), an uploaded GIF with every rendition, GIF rows, channels three deep (one moved
 * under a newer one) with GIFs in them, favorites and pingbacks.
 */
export async function seedContent(t: TestJiffy, dir: string): Promise<SeededContent> {
  const { ann } = await signedInUsers(t, [
    ['ann', 'user'],
    ['mod', 'moderator'],
  ]);
  const uploaded: string[] = [];
  for (const [i, pattern] of (['bars'] as const).entries()) {
    const file = path.join(dir, `upload-${i}.gif`);
    await fs.writeFile(file, await animatedImage({ width: 64, height: 48, frames: 4, pattern }));
    uploaded.push(await t.uploadFileAndWait(file, { tags: `cat,seed${i}`, title: `Seed ${i}` }));
  }
  const rows = ['rowgif1', 'rowgif2', 'rowgif3'];
  for (const [i, id] of rows.entries()) {
    await insertGifRow(t.jiffy.services.gifRepository, {
      id,
      user_id: 'idann',
      title: `Row ${i} ünïcødé "quoted"\nline`,
      tags: ['dog', `tag${i}`],
      created_at: new Date(Date.UTC(2024, 0, 1, 0, 0, i, 123)),
    });
  }
  const data = <T>(r: { json: <U>() => U }) => r.json<{ data: T }>().data;
  const parent = data<{ id: number }>(
    await ann!.post('/api/v4/channels/', { display_name: 'Best' }),
  );
  const child = data<{ id: number }>(
    await ann!.post('/api/v4/channels/', { display_name: 'Cats', parent: parent.id }),
  );
  // A newer channel becomes Best's parent: in the table, Cats now comes before its parent's
  // row (updated, so rewritten last), which a load in storage order would trip on.
  const dogs = data<{ id: number }>(await ann!.post('/api/v4/channels/', { display_name: 'Dogs' }));
  const moved = await ann!.post(`/api/v4/channels/${parent.id}/move/`, {
    position: 'last',
    target_channel: dogs.id,
  });
  expect(moved.statusCode).toBe(200);
  for (const [channel, gif] of [
    [parent.id, ['rowgif1', 'rowgif2']],
    [child.id, [uploaded[0]!]],
  ] as const) {
    expect((await ann!.post('/api/v4/channel-gifs/', { channel, gif })).statusCode).toBe(200);
  }
  for (const gif_id of [uploaded[0]!, 'rowgif1'])
    expect((await ann!.post('/api/v1/favorites', { gif_id })).statusCode).toBe(201);
  for (const id of uploaded) {
    const gif = await gifAnswer(t, id);
    const onload = new URL(gif.analytics.onload.url);
    const seen = await t.jiffy.app.inject({
      method: 'GET',
      url: `${onload.pathname}${onload.search}`,
    });
    expect(seen.statusCode).toBeLessThan(300);
  }
  // Pingbacks are recorded a little after their answer.
  const deadline = Date.now() + 10_000;
  while (
    (await countRows(t.jiffy.database.db, t.jiffy.database.schema, 'pingback_events')) <
    uploaded.length
  ) {
    if (Date.now() > deadline) throw new Error('the pingbacks were never recorded');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { uploaded, rows, channelId: child.id };
}

async function gifAnswer(t: TestJiffy, id: string): Promise<GifAnswer> {
  const response = await t.jiffy.app.inject({ url: `/v1/gifs/${id}?api_key=${t.apiKey}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: GifAnswer }>().data;
}

/**
 * What a user of the instance sees of the seeded content: the GIF objects, the SHA-256 of every
 * media file they link to, the channel's feed and ann's favorites (signed in with her password).
 */
export async function userView(t: TestJiffy, content: SeededContent): Promise<unknown> {
  const gifs: Record<string, unknown> = {};
  const media: Record<string, string> = {};
  for (const id of [...content.uploaded, ...content.rows]) {
    const gif = await gifAnswer(t, id);
    gifs[id] = gif;
    for (const image of Object.values(gif.images)) {
      for (const url of [image.url, image.mp4, image.webp]) {
        if (!url || !url.startsWith(t.jiffy.config.mediaBaseUrl) || media[url]) continue;
        const file = await t.jiffy.app.inject({
          url: url.slice(t.jiffy.config.publicUrl.length),
        });
        expect(file.statusCode, url).toBe(200);
        media[url] = createHash('sha256').update(file.rawPayload).digest('hex');
      }
    }
  }
  const ann = new SiteClient(t.jiffy.app);
  await ann.get('/login/check');
  const login = await ann.post('/api/v3/login', { login: 'ann', password: TEST_PASSWORD });
  expect(login.statusCode).toBe(200);
  const favorites = (await ann.get('/api/v1/favorites')).json<unknown>();
  const feed = (await ann.get(`/api/v4/channels/${content.channelId}/feed/`)).json<unknown>();
  return withoutVolatile({ gifs, media, favorites, feed });
}

/** Drops what differs on every answer (response ids and the analytics URLs carrying them). */
function withoutVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutVolatile);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['analytics', 'analytics_response_payload', 'meta'].includes(key))
      .map(([key, inner]) => [key, withoutVolatile(inner)]),
  );
}

/** Rows per table of the instance's schema (or of an open database). */
export async function tableCounts(
  of: TestJiffy | { db: DatabaseHandle['db']; schema: string },
): Promise<Record<string, number>> {
  const { db, schema } = 'jiffy' in of ? of.jiffy.database : of;
  const counts: Record<string, number> = {};
  for (const table of await describeTables(db, schema))
    counts[table.name] = await countRows(db, schema, table.name);
  return counts;
}
