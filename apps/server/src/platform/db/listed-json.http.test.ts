import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewRendition, RenditionTuple } from './schema.ts';
import { shownGifColumns, shownUserColumns } from '../../modules/gifs/gif.presenter.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// gifs.listed_json and users.listed_json (migration 0016) are what searches show of a GIF and
// its uploader: they must follow every change to what they list, whoever makes it, and list it
// in the order the presenter reads it.
describe('the listing a GIF row and a user row carry', () => {
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
  const listingOf = async (table: 'gifs' | 'users', id: string) =>
    JSON.parse(
      (
        await db()
          .selectFrom(table)
          .select('listed_json')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).listed_json,
    ) as unknown[];
  // What the presenter reads from a listing: the shown columns in its order, built afresh.
  const shownNow = async (table: 'gifs' | 'users', id: string) => {
    const columns = table === 'gifs' ? shownGifColumns : shownUserColumns;
    const { rows } = await sql<{ shown: string }>`SELECT json_build_array(${sql.join(
      columns.map((c) => sql.ref(c)),
    )})::text AS shown FROM ${sql.table(table)} WHERE id = ${id}`.execute(db());
    return JSON.parse(rows[0]!.shown) as unknown[];
  };
  // The renditions come last in a GIF's listing.
  const listOf = async (id: string) => (await listingOf('gifs', id)).at(-1) as RenditionTuple[];

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

  it('lists the file an alias shares (its storage key), and no key for a rendition’s own file', async () => {
    await t.jiffy.services.renditionRepository.upsertMany([
      rendition('listed2', 'original', 'mp4', 300),
      {
        ...rendition('listed2', 'original_mp4', 'mp4', 300),
        storage_key: 'gifs/listed2/original.mp4',
      },
    ]);
    expect((await listOf('listed2')).filter((r) => r[1] === 'mp4')).toEqual([
      ['original', 'mp4', 200, 100, 10, 300, 'original-mp4-300'],
      [
        'original_mp4',
        'mp4',
        200,
        100,
        10,
        300,
        'original_mp4-mp4-300',
        'gifs/listed2/original.mp4',
      ],
    ]);
    await db()
      .deleteFrom('renditions')
      .where('gif_id', '=', 'listed2')
      .where('format', '=', 'mp4')
      .execute();
  });

  it('lists the columns a GIF object shows, in its order, and follows changes to them', async () => {
    const listed = async () => (await listingOf('gifs', 'listed2')).slice(0, -1);
    expect(await listed()).toEqual(await shownNow('gifs', 'listed2'));
    await db()
      .updateTable('gifs')
      .set({ title: 'Renamed', cta_link: 'https://example.com/', cta_text: 'Go' })
      .where('id', '=', 'listed2')
      .execute();
    const renamed = await listed();
    expect(renamed).toEqual(await shownNow('gifs', 'listed2'));
    expect(renamed).toContain('Renamed');
    expect(renamed).toContain('Go');
    // Its renditions stay listed after a change of its own columns.
    expect(await listOf('listed2')).toHaveLength(1);
  });

  it("lists what a GIF object shows of its uploader, and follows the uploader's changes", async () => {
    await t.jiffy.services.users.insert({
      id: 'lister1',
      username: 'lister',
      display_name: 'Lister',
    });
    expect(await listingOf('users', 'lister1')).toEqual(await shownNow('users', 'lister1'));
    await db()
      .updateTable('users')
      .set({ display_name: 'Lister Renamed', is_verified: true })
      .where('id', '=', 'lister1')
      .execute();
    const listed = await listingOf('users', 'lister1');
    expect(listed).toEqual(await shownNow('users', 'lister1'));
    expect(listed).toContain('Lister Renamed');
  });
});
