import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, GifRow } from '../../platform/db/schema.ts';
import type { AuditRow } from '../audit-log/index.ts';

/** What the moderation queue lists, in this order when two items share a time. */
export const queueKinds = [
  'gif_report',
  'search_report',
  'flag',
  'pending_upload',
  'automatic',
] as const;
export type QueueKind = (typeof queueKinds)[number];

/** Where a page of the queue starts: after the item with this time, kind and key. */
export interface QueuePosition {
  /** created_at as PostgreSQL writes it (microseconds kept, which a Date would lose). */
  at: string;
  rank: number;
  key: string;
}

export interface QueueRow extends QueuePosition {
  kind: QueueKind;
  id: string;
  gif_id: string | null;
  created_at: Date;
  detail: Record<string, unknown>;
  gif_ids: string[] | null;
}

/** A kind's open items, in one shape, from its table `t` (each names its columns: any may come first). */
const sources: Record<
  QueueKind,
  { rank: number; select: RawBuilder<unknown>; numericId: boolean }
> = {
  gif_report: {
    rank: 1,
    numericId: true,
    select: sql`SELECT 'gif_report' AS kind, 1 AS kind_rank, lpad(t.id::text, 20, '0') AS sort_key,
      t.id::text AS id, t.gif_id, t.created_at,
      jsonb_build_object('reason', t.reason, 'note', t.note,
        'reporter_user_id', t.reporter_user_id) AS detail, NULL::text[] AS gif_ids
    FROM gif_reports t WHERE t.resolved_at IS NULL`,
  },
  search_report: {
    rank: 2,
    numericId: true,
    select: sql`SELECT 'search_report' AS kind, 2 AS kind_rank,
      lpad(t.id::text, 20, '0') AS sort_key, t.id::text AS id, NULL AS gif_id, t.created_at,
      jsonb_build_object('response_id', t.response_id, 'search_term', t.search_term,
        'content_type', t.content_type, 'reasons', to_jsonb(t.reasons),
        'additional_info', t.additional_info, 'reporter_user_id', t.reporter_user_id) AS detail,
      t.gif_ids AS gif_ids
    FROM search_reports t WHERE t.resolved_at IS NULL`,
  },
  flag: {
    rank: 3,
    numericId: true,
    select: sql`SELECT 'flag' AS kind, 3 AS kind_rank, lpad(t.id::text, 20, '0') AS sort_key,
      t.id::text AS id, t.gif_id, t.created_at,
      jsonb_build_object('reason', t.reason, 'suggested_rating', t.suggested_rating,
        'note', t.note, 'flagger_user_id', t.flagger_user_id, 'updated_at', t.updated_at)
        AS detail, NULL::text[] AS gif_ids
    FROM gif_flags t WHERE t.resolved_at IS NULL`,
  },
  pending_upload: {
    rank: 4,
    numericId: false,
    select: sql`SELECT 'pending_upload' AS kind, 4 AS kind_rank, t.id AS sort_key,
      t.id AS id, t.id AS gif_id, t.created_at,
      jsonb_build_object('uploader_user_id', t.user_id) AS detail, NULL::text[] AS gif_ids
    FROM gifs t WHERE t.status = 'pending_review'`,
  },
  // The pipeline's findings (migration 0023); a near-duplicate names the other GIF in gif_ids.
  automatic: {
    rank: 5,
    numericId: true,
    select: sql`SELECT 'automatic' AS kind, 5 AS kind_rank, lpad(t.id::text, 20, '0') AS sort_key,
      t.id::text AS id, t.gif_id, t.created_at,
      jsonb_build_object('reason', t.reason, 'declared_rating', t.declared_rating,
        'suggested_rating', t.suggested_rating, 'scores', t.scores,
        'duplicate_of', t.duplicate_of, 'distance', t.distance) AS detail,
      CASE WHEN t.duplicate_of IS NULL THEN NULL ELSE ARRAY[t.duplicate_of] END AS gif_ids
    FROM gif_automatic_flags t WHERE t.resolved_at IS NULL`,
  },
};

/**
 * One kind's first `limit` items after `after`, read in its (created_at, id) index order: each
 * branch stops after `limit` rows, so a page costs its length per kind, not a sort of the queue.
 */
function branch(kind: QueueKind, after: QueuePosition | null, limit: number): RawBuilder<unknown> {
  const source = sources[kind];
  let where = sql``;
  if (after) {
    const at = sql`${after.at}::timestamptz`;
    if (source.rank > after.rank) where = sql` AND t.created_at >= ${at}`;
    else if (source.rank < after.rank) where = sql` AND t.created_at > ${at}`;
    else {
      const id = source.numericId ? sql`${after.key}::bigint` : sql`${after.key}::text`;
      where = sql` AND (t.created_at, t.id) > (${at}, ${id})`;
    }
  }
  return sql`(${source.select}${where} ORDER BY t.created_at, t.id LIMIT ${limit})`;
}

/** The moderation queue's reads: open reports, flags and held uploads, oldest first. */
export class QueueRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Up to `limit` open items of `kinds`, oldest first, after `after` when given. */
  async page(options: {
    kinds: readonly QueueKind[];
    after: QueuePosition | null;
    limit: number;
  }): Promise<QueueRow[]> {
    const union = sql.join(
      options.kinds.map((kind) => branch(kind, options.after, options.limit)),
      sql` UNION ALL `,
    );
    const { rows } = await sql<
      Omit<QueueRow, 'rank' | 'key'> & { kind_rank: number; sort_key: string }
    >`SELECT q.*, q.created_at::text AS at FROM (${union}) q
      ORDER BY q.created_at, q.kind_rank, q.sort_key LIMIT ${options.limit}`.execute(this.#db);
    return rows.map(({ kind_rank, sort_key, ...row }) => ({
      ...row,
      rank: Number(kind_rank),
      key: sort_key,
    }));
  }

  /** The GIFs with these ids, whatever their status. */
  gifsByIds(ids: string[]): Promise<GifRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.#db.selectFrom('gifs').selectAll().where('id', 'in', ids).execute();
  }

  /** The newest `perGif` audit entries of each of these GIFs, newest first. */
  async historyOf(gifIds: string[], perGif: number): Promise<AuditRow[]> {
    if (gifIds.length === 0) return [];
    const { rows } = await sql<AuditRow>`SELECT * FROM (
        SELECT log.id::int AS id, log.actor_user_id, users.username AS actor_username,
          log.action, log.gif_id, log.search_report_id::int AS search_report_id, log.before, log.after, log.created_at,
          row_number() OVER (PARTITION BY log.gif_id ORDER BY log.id DESC) AS n
        FROM moderation_audit_log log LEFT JOIN users ON users.id = log.actor_user_id
        WHERE log.gif_id IN (${sql.join(gifIds)})
      ) h WHERE h.n <= ${perGif} ORDER BY h.id DESC`.execute(this.#db);
    return rows;
  }
}
