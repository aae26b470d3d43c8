import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, GifRow } from '../../platform/db/schema.ts';
import type { StaffFilters } from './staff-search-input.schema.ts';

/** A GIF row as staff search finds it, with its uploader and its reports and flags. */
export type StaffGifRow = GifRow & {
  uploader_username: string | null;
  reports_total: number;
  reports_open: number;
  flags_total: number;
  flags_open: number;
  /** `created_at` as PostgreSQL writes it (microseconds kept), for the export's cursor. */
  created_key: string;
};

type From = SelectQueryBuilder<Database, 'gifs' | 'users', object>;

/** The GIF columns the CSV export writes. */
const exportedColumns = [
  'gifs.id',
  'gifs.slug',
  'gifs.title',
  'gifs.status',
  'gifs.failure_code',
  'gifs.type',
  'gifs.rating',
  'gifs.lang',
  'gifs.visibility',
  'gifs.tags',
  'gifs.width',
  'gifs.height',
  'gifs.frames',
  'gifs.duration_ms',
  'gifs.original_bytes',
  'gifs.view_count',
  'gifs.favorite_count',
  'gifs.share_count',
  'gifs.created_at',
] as const;

/** A row of the export: its columns, the uploader, the reports and flags. */
export type ExportedGifRow = Pick<
  StaffGifRow,
  (typeof exportedColumns)[number] extends `gifs.${infer C}` ? C : never
> &
  Pick<
    StaffGifRow,
    | 'uploader_username'
    | 'reports_total'
    | 'reports_open'
    | 'flags_total'
    | 'flags_open'
    | 'created_key'
  >;

/**
 * Staff search over every GIF row, whatever its status: the filters narrow together, newest
 * first. Pages by offset for the search page, by (created_at, id) for the export.
 */
export class StaffSearchRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async count(filters: StaffFilters): Promise<number> {
    const row = await this.#filtered(filters)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  page(filters: StaffFilters, offset: number, limit: number): Promise<StaffGifRow[]> {
    return this.#rows(filters).selectAll('gifs').offset(offset).limit(limit).execute();
  }

  /**
   * Every matching row in pages of `pageSize`, newest first, with the columns the export
   * writes (not the search text or the listed JSON); memory holds one page at a time.
   */
  async *all(filters: StaffFilters, pageSize = 1000): AsyncGenerator<ExportedGifRow[]> {
    let after: { created: string; id: string } | null = null;
    for (;;) {
      let query = this.#rows(filters).select(exportedColumns);
      if (after) {
        const { created, id } = after;
        query = query.where(
          sql<boolean>`(gifs.created_at, gifs.id) < (${created}::timestamptz, ${id})`,
        );
      }
      const rows = (await query.limit(pageSize).execute()) as ExportedGifRow[];
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) return;
      const last = rows.at(-1)!;
      after = { created: last.created_key, id: last.id };
    }
  }

  /**
   * The words the text was searched for, as the GIFs' index holds them (stemmed in `lang`),
   * then the tags most common among the matches, which suggest where to look next.
   */
  async keywords(filters: StaffFilters, suggestions = 8): Promise<string[]> {
    if (!filters.q) return [];
    const lang = filters.lang ?? 'en';
    const stems = await sql<{ word: string }>`
      SELECT DISTINCT unnest(tsvector_to_array(to_tsvector(jiffy_search_config(${lang}), ${filters.q}))) AS word
    `.execute(this.#db);
    const tags = await this.#filtered(filters)
      .select(sql<string>`lower(tag)`.as('tag'))
      .innerJoin(sql`unnest(gifs.tags)`.as('tag'), (join) => join.onTrue())
      .groupBy(sql`lower(tag)`)
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`lower(tag)`)
      .limit(suggestions)
      .execute();
    const words = stems.rows.map((r) => r.word).sort();
    return [...new Set([...words, ...tags.map((t) => t.tag)])];
  }

  #rows(filters: StaffFilters) {
    const counted = (table: 'gif_reports' | 'gif_flags', open: boolean) =>
      sql<number>`(SELECT count(*)::int FROM ${sql.table(table)} x WHERE x.gif_id = gifs.id${
        open ? sql` AND x.resolved_at IS NULL` : sql``
      })`;
    return this.#filtered(filters)
      .select([
        'users.username as uploader_username',
        counted('gif_reports', false).as('reports_total'),
        counted('gif_reports', true).as('reports_open'),
        counted('gif_flags', false).as('flags_total'),
        counted('gif_flags', true).as('flags_open'),
        sql<string>`gifs.created_at::text`.as('created_key'),
      ])
      .orderBy('gifs.created_at', 'desc')
      .orderBy('gifs.id', 'desc');
  }

  #filtered(f: StaffFilters): From {
    let query = this.#db
      .selectFrom('gifs')
      .leftJoin('users', 'users.id', 'gifs.user_id') as unknown as From;
    if (f.q) {
      const lang = f.lang ?? 'en';
      query = query.where(
        sql<boolean>`(gifs.search_vector @@ websearch_to_tsquery(jiffy_search_config(${lang}), ${f.q})
          OR gifs.search_vector @@ websearch_to_tsquery('simple', ${f.q})
          OR gifs.id = ${f.q})`,
      );
    }
    if (f.username)
      query = query.where(sql<boolean>`lower(users.username) = ${f.username.toLowerCase()}`);
    if (f.rating) query = query.where('gifs.rating', '=', f.rating);
    if (f.type) query = query.where('gifs.type', '=', f.type);
    if (f.status) query = query.where('gifs.status', 'in', f.status);
    if (f.lang) query = query.where('gifs.lang', '=', f.lang);
    const has = (table: 'gif_reports' | 'gif_flags', wanted: boolean) =>
      sql<boolean>`${sql.raw(wanted ? '' : 'NOT ')}EXISTS (SELECT 1 FROM ${sql.table(table)} x WHERE x.gif_id = gifs.id)`;
    if (f.has_reports !== undefined) query = query.where(has('gif_reports', f.has_reports));
    if (f.flagged !== undefined) query = query.where(has('gif_flags', f.flagged));
    if (f.created_from)
      query = query.where(
        sql<boolean>`gifs.created_at >= ${f.created_from}::timestamp AT TIME ZONE 'UTC'`,
      );
    if (f.created_to)
      query = query.where(
        sql<boolean>`gifs.created_at < (${f.created_to}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
      );
    if (f.min_bytes !== undefined) query = query.where('gifs.original_bytes', '>=', f.min_bytes);
    if (f.max_bytes !== undefined) query = query.where('gifs.original_bytes', '<=', f.max_bytes);
    return query;
  }
}
