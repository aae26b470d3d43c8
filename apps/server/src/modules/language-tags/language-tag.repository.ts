import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, GifStatus } from '../../platform/db/schema.ts';

/** What deciding who may see or change a GIF's language tags needs of the GIF. */
export interface TaggedGif {
  id: string;
  user_id: string | null;
  status: GifStatus;
  lang: string;
  tags: string[];
}

/** One language's tags of one GIF. */
export interface LanguageTagRow {
  gif_id: string;
  lang: string;
  tag: string;
}

/**
 * `gif_language_tags` (migration 0022). Its triggers copy a GIF's tags to `gifs.language_tags`,
 * which the search vector and the ranked postings are made from, so a write here is searchable
 * when its transaction commits.
 */
export class LanguageTagRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The text-search configuration `lang` stems with ('simple' when none). */
  async searchConfig(lang: string): Promise<string> {
    const { rows } = await sql<{
      config: string;
    }>`SELECT jiffy_search_config(${lang})::text AS config`.execute(this.#db);
    return rows[0]!.config;
  }

  /**
   * The language codes this database stems. Migration 0010 wrote `jiffy_search_config` as one
   * `WHEN '<code>'` per language whose text-search configuration the database has (PGlite and
   * a server may differ), so its cases are the instance's languages; each is checked through
   * the function itself, so a case that no longer stems is left out.
   */
  async searchLanguages(): Promise<string[]> {
    const { rows } = await sql<{ code: string }>`
      SELECT DISTINCT c.code FROM pg_proc p
      CROSS JOIN LATERAL regexp_matches(p.prosrc, 'WHEN ''([a-z]{2})''', 'g') AS m(found)
      CROSS JOIN LATERAL (SELECT m.found[1] AS code) c
      WHERE p.proname = 'jiffy_search_config' AND jiffy_search_config(c.code)::text <> 'simple'
      ORDER BY c.code`.execute(this.#db);
    return rows.map((row) => row.code);
  }

  async findGifs(ids: string[]): Promise<TaggedGif[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('gifs')
      .select(['id', 'user_id', 'status', 'lang', 'tags'])
      .where('id', 'in', ids)
      .execute();
  }

  /** The GIF, locked until `trx` ends: two edits of one GIF's tags take turns. */
  async lockGif(trx: Transaction<Database>, id: string): Promise<TaggedGif | undefined> {
    return trx
      .selectFrom('gifs')
      .select(['id', 'user_id', 'status', 'lang', 'tags'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The GIFs' tags, in `lang` when given, sorted by language and tag. */
  async tagsOf(
    db: Kysely<Database> | Transaction<Database>,
    gifIds: string[],
    lang?: string,
  ): Promise<LanguageTagRow[]> {
    if (gifIds.length === 0) return [];
    let query = db
      .selectFrom('gif_language_tags')
      .select(['gif_id', 'lang', 'tag'])
      .where('gif_id', 'in', gifIds);
    if (lang !== undefined) query = query.where('lang', '=', lang);
    return query.orderBy('gif_id').orderBy('lang').orderBy('tag').execute();
  }

  async forGifs(gifIds: string[], lang?: string): Promise<LanguageTagRow[]> {
    return this.tagsOf(this.#db, gifIds, lang);
  }

  /** Adds the tags the GIF does not have yet in `lang`. */
  async add(
    trx: Transaction<Database>,
    row: { gifId: string; lang: string; tags: string[]; addedBy: string },
  ): Promise<void> {
    await trx
      .insertInto('gif_language_tags')
      .values(
        row.tags.map((tag) => ({
          gif_id: row.gifId,
          lang: row.lang,
          tag,
          added_by: row.addedBy,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Removes one tag; true when it was there. */
  async remove(
    trx: Transaction<Database>,
    row: { gifId: string; lang: string; tag: string },
  ): Promise<boolean> {
    const result = await trx
      .deleteFrom('gif_language_tags')
      .where('gif_id', '=', row.gifId)
      .where('lang', '=', row.lang)
      .where('tag', '=', row.tag)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
