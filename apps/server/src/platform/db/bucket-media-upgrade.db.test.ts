import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GifRepository } from '../../modules/gifs/gif.repository.ts';
import { RenditionRepository } from '../../modules/gifs/rendition.repository.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';
import type { NewRendition, RenditionTuple } from './schema.ts';

// A database from before 0040 and 0041 upgraded: an alias already stored is listed with the
// file it shares, and the WebM renditions kept under the bucket's private folder are made again.
describe.skipIf(process.env.DATABASE_URL)('an upgrade for media served from a bucket', () => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  const file = (name: string, format: 'mp4' | 'webm', storageKey: string): NewRendition => ({
    gif_id: 'before1',
    name,
    format,
    width: 200,
    height: 100,
    frames: 10,
    bytes: 300,
    sha256: `${format}-300`,
    storage_key: storageKey,
  });

  beforeAll(async () => {
    database = await openDatabase({});
    await migrateUpTo(database, '0039_cheaper_gif_writes');
    await insertGifRow(new GifRepository(database.db), { id: 'before1' });
    await new RenditionRepository(database.db).upsertMany([
      file('original', 'mp4', 'gifs/before1/original.mp4'),
      file('original_mp4', 'mp4', 'gifs/before1/original.mp4'),
      file('original', 'webm', 'gifs/before1/original.webm'),
    ]);
    await migrateToLatest(database);
  });
  afterAll(() => database.close());

  it('lists an alias stored before with the file it shares, and drops the old WebM', async () => {
    const { listed_json } = await database.db
      .selectFrom('gifs')
      .select('listed_json')
      .where('id', '=', 'before1')
      .executeTakeFirstOrThrow();
    const renditions = (JSON.parse(listed_json) as unknown[]).at(-1) as RenditionTuple[];
    expect(renditions).toEqual([
      ['original', 'mp4', 200, 100, 10, 300, 'mp4-300'],
      ['original_mp4', 'mp4', 200, 100, 10, 300, 'mp4-300', 'gifs/before1/original.mp4'],
    ]);
  });
});
