import type { Kysely, Transaction } from 'kysely';
import type { AuditAction, Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  /** Null when no signed-in user acted: `actorNote` then says who did. */
  actorUserId: string | null;
  actorNote?: string | null;
  action: AuditAction;
  gifId: string | null;
  /** Whose role the entry changed, when it is about a user. */
  subjectUserId?: string | null;
  /** The search report an entry is about, when it is about one. */
  searchReportId?: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditRow {
  id: number;
  actor_user_id: string | null;
  actor_username: string | null;
  action: AuditAction;
  gif_id: string | null;
  search_report_id: number | null;
  before: unknown;
  after: unknown;
  created_at: Date;
  // A GIF's history (the queue's) reads entries about GIFs only, and leaves these out.
  actor_note?: string | null;
  subject_user_id?: string | null;
  subject_username?: string | null;
}

/** All SQL about the moderation audit log: written in the same transaction as the action. */
export class AuditLogRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async write(trx: Db, entry: AuditEntry): Promise<void> {
    await trx
      .insertInto('moderation_audit_log')
      .values({
        actor_user_id: entry.actorUserId,
        action: entry.action,
        gif_id: entry.gifId,
        search_report_id: entry.searchReportId ?? null,
        subject_user_id: entry.subjectUserId ?? null,
        actor_note: entry.actorNote ?? null,
        before: entry.before === null ? null : JSON.stringify(entry.before),
        after: entry.after === null ? null : JSON.stringify(entry.after),
      })
      .execute();
  }

  /** Up to `limit` entries, newest first, older than entry `beforeId` when given. */
  page(options: { beforeId: number | null; limit: number }): Promise<AuditRow[]> {
    let query = this.#db
      .selectFrom('moderation_audit_log as log')
      .leftJoin('users as actors', 'actors.id', 'log.actor_user_id')
      .leftJoin('users as subjects', 'subjects.id', 'log.subject_user_id')
      .select([
        'log.id',
        'log.actor_user_id',
        'actors.username as actor_username',
        'log.actor_note',
        'log.action',
        'log.gif_id',
        'log.search_report_id',
        'log.subject_user_id',
        'subjects.username as subject_username',
        'log.before',
        'log.after',
        'log.created_at',
      ])
      .orderBy('log.id', 'desc')
      .limit(options.limit);
    if (options.beforeId !== null) query = query.where('log.id', '<', options.beforeId);
    return query.execute();
  }
}
