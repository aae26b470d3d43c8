import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewRendition } from './schema.ts';
import { insertGifRow } from '../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';

// gifs.rendition_list (migration 0015) is what searches show of a GIF's files: it must follow
// every change to the renditions table, whoever makes it.
describe('the rendition list a GIF row carries', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'listed1' });
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'listed2' });
  });
  afterAll(() => t.stop());

  const db = () => t.jiffy.database.db;
  const rendition = (gif_id: string, name: string, format: 'gif' | 'mp4', bytes: number) =>
    ({
      gif_id,
      name,
      format,
      width: 200,
      height: 100,
      frames: 10,
      bytes,
      sha256: `${name}-${format}-${bytes}`,
      storage_key: `gifs/${gif_id}/${name}.${format}`,
    }) satisfies NewRendition;
  const listOf = async (id: string) =>
    (
      await db()
        .selectFrom('gifs')
        .select('rendition_list')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).rendition_list;

  it('is empty before any rendition, then lists what is inserted, by name and format', async () => {
    expect(await listOf('listed1')).toEqual([]);
    await t.jiffy.services.renditionRepository.upsertMany([
      rendition('listed1', 'original', 'mp4', 300),
      rendition('listed1', 'original', 'gif', 900),
      rendition('listed2', 'fixed_width', 'gif', 100),
    ]);
    expect(await listOf('listed1')).toEqual([
      ['original', 'gif', 200, 100, 10, 900, 'original-gif-900'],
      ['original', 'mp4', 200, 100, 10, 300, 'original-mp4-300'],
    ]);
    expect(await listOf('listed2')).toEqual([
      ['fixed_width', 'gif', 200, 100, 10, 100, 'fixed_width-gif-100'],
    ]);
  });

  it('follows a re-run job that replaces a rendition, and one removed', async () => {
    // The upsert both updates (the gif) and inserts (a still) in one statement.
    await t.jiffy.services.renditionRepository.upsertMany([
      rendition('listed1', 'original', 'gif', 950),
      rendition('listed1', 'original_still', 'gif', 40),
    ]);
    expect((await listOf('listed1')).map((r) => [r[0], r[1], r[5]])).toEqual([
      ['original', 'gif', 950],
      ['original', 'mp4', 300],
      ['original_still', 'gif', 40],
    ]);
    await db()
      .deleteFrom('renditions')
      .where('gif_id', '=', 'listed1')
      .where('format', '=', 'mp4')
      .execute();
    expect((await listOf('listed1')).map((r) => [r[0], r[1]])).toEqual([
      ['original', 'gif'],
      ['original_still', 'gif'],
    ]);
    // The other GIF's list is untouched throughout.
    expect(await listOf('listed2')).toHaveLength(1);
  });
});
