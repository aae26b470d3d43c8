import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, GifRow } from '../db/schema.ts';
import type { AuditRow } from './audit-log.repository.ts';

/** What the moderation queue lists, in this order when two items share a time. */
export const queueKinds = ['gif_report', 'search_report', 'flag', 'pending_upload'] as const;
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

// Each kind's open items, in one shape (each names its columns: any one may come first). `key` orders items of one kind that share a time
// (numeric ids padded so they sort as numbers).
const sources: Record<QueueKind, RawBuilder<unknown>> = {
  gif_report: sql`SELECT 'gif_report' AS kind, 1 AS kind_rank, lpad(r.id::text, 20, '0') AS sort_key,
      r.id::text AS id, r.gif_id, r.created_at,
      jsonb_build_object('reason', r.reason, 'note', r.note,
        'reporter_user_id', r.reporter_user_id) AS detail, NULL::text[] AS gif_ids
    FROM gif_reports r WHERE r.resolved_at IS NULL`,
  search_report: sql`SELECT 'search_report' AS kind, 2 AS kind_rank,
      lpad(s.id::text, 20, '0') AS sort_key, s.id::text AS id, NULL AS gif_id, s.created_at,
      jsonb_build_object('response_id', s.response_id, 'search_term', s.search_term,
        'content_type', s.content_type, 'reasons', to_jsonb(s.reasons),
        'additional_info', s.additional_info, 'reporter_user_id', s.reporter_user_id) AS detail,
      s.gif_ids AS gif_ids
    FROM search_reports s WHERE s.resolved_at IS NULL`,
  flag: sql`SELECT 'flag' AS kind, 3 AS kind_rank, lpad(f.id::text, 20, '0') AS sort_key,
      f.id::text AS id, f.gif_id, f.created_at,
      jsonb_build_object('reason', f.reason, 'suggested_rating', f.suggested_rating,
        'note', f.note, 'flagger_user_id', f.flagger_user_id, 'updated_at', f.updated_at)
        AS detail, NULL::text[] AS gif_ids
    FROM gif_flags f WHERE f.resolved_at IS NULL`,
  pending_upload: sql`SELECT 'pending_upload' AS kind, 4 AS kind_rank, g.id AS sort_key,
      g.id AS id, g.id AS gif_id, g.created_at,
      jsonb_build_object('uploader_user_id', g.user_id) AS detail, NULL::text[] AS gif_ids
    FROM gifs g WHERE g.status = 'pending_review'`,
};

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
      options.kinds.map((kind) => sources[kind]),
      sql` UNION ALL `,
    );
    const after = options.after
      ? sql`WHERE (q.created_at, q.kind_rank, q.sort_key) >
          (${options.after.at}::timestamptz, ${options.after.rank}::int, ${options.after.key}::text)`
      : sql``;
    const { rows } = await sql<
      Omit<QueueRow, 'rank' | 'key'> & { kind_rank: number; sort_key: string }
    >`SELECT q.*, q.created_at::text AS at FROM (${union}) q ${after}
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
          log.action, log.gif_id, log.before, log.after, log.created_at,
          row_number() OVER (PARTITION BY log.gif_id ORDER BY log.id DESC) AS n
        FROM moderation_audit_log log LEFT JOIN users ON users.id = log.actor_user_id
        WHERE log.gif_id IN (${sql.join(gifIds)})
      ) h WHERE h.n <= ${perGif} ORDER BY h.id DESC`.execute(this.#db);
    return rows;
  }
}
