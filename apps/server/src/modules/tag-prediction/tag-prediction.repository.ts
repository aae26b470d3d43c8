import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** A listed, tagged GIF and the file its picture is read from. */
export interface LibraryRow {
  id: string;
  tags: string[];
  phash: string | null;
  still_key: string;
}

/** The library tag prediction learns from. */
export class TagPredictionRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Ready, public GIFs with tags, newest first, at most `limit`, each with its
   * `fixed_width_still` (a page rendition, so every ready GIF has one). What a visitor could
   * find in search is what may teach the suggestions: nothing unlisted, held or taken down.
   */
  async libraryRows(limit: number): Promise<LibraryRow[]> {
    return this.#db
      .selectFrom('gifs')
      .innerJoin('renditions', 'renditions.gif_id', 'gifs.id')
      .select(['gifs.id', 'gifs.tags', 'gifs.phash', 'renditions.storage_key as still_key'])
      .where('gifs.status', '=', 'ready')
      .where('gifs.visibility', '=', 'public')
      .where(sql<boolean>`cardinality(gifs.tags) > 0`)
      .where('renditions.name', '=', 'fixed_width_still')
      .orderBy('gifs.created_at', 'desc')
      .orderBy('gifs.id')
      .limit(limit)
      .execute();
  }
}
