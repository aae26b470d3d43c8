import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** A pending application as a moderator reviews it. */
export interface PendingApplication {
  id: string;
  message: string;
  portfolio_url: string | null;
  created_at: Date;
  user_id: string;
  username: string;
}

/** A user's own application, as they follow it. */
export interface OwnApplication {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: Date;
  reviewed_at: Date | null;
  decision_note: string | null;
}

/** All SQL about creator applications. */
export class CreatorApplicationRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Records an application; false when the user already has one pending. */
  async insertPending(row: {
    id: string;
    userId: string;
    message: string;
    portfolioUrl: string | null;
  }): Promise<boolean> {
    const inserted = await this.#db
      .insertInto('creator_applications')
      .values({
        id: row.id,
        user_id: row.userId,
        message: row.message,
        portfolio_url: row.portfolioUrl,
      })
      .onConflict((oc) => oc.column('user_id').where('status', '=', 'pending').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The user's latest application, whatever its status. */
  async latestOf(userId: string): Promise<OwnApplication | undefined> {
    return this.#db
      .selectFrom('creator_applications')
      .select(['id', 'status', 'created_at', 'reviewed_at', 'decision_note'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async listPending(limit: number): Promise<PendingApplication[]> {
    return this.#db
      .selectFrom('creator_applications')
      .innerJoin('users', 'users.id', 'creator_applications.user_id')
      .select([
        'creator_applications.id',
        'creator_applications.message',
        'creator_applications.portfolio_url',
        'creator_applications.created_at',
        'users.id as user_id',
        'users.username',
      ])
      .where('creator_applications.status', '=', 'pending')
      .orderBy('creator_applications.created_at')
      .limit(limit)
      .execute();
  }

  /**
   * Decides a pending application; an approval makes the applicant a verified creator, in the
   * same transaction. False when no such application is pending.
   */
  async decide(options: {
    id: string;
    reviewerId: string;
    status: 'approved' | 'rejected';
    note: string | null;
  }): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const application = await trx
        .updateTable('creator_applications')
        .set({
          status: options.status,
          reviewed_by: options.reviewerId,
          reviewed_at: new Date(),
          decision_note: options.note,
        })
        .where('id', '=', options.id)
        .where('status', '=', 'pending')
        .returning('user_id')
        .executeTakeFirst();
      if (!application) return false;
      if (options.status === 'approved') {
        await trx
          .updateTable('users')
          .set({ role: 'creator', is_verified: true, updated_at: new Date() })
          .where('id', '=', application.user_id)
          .where('role', '=', 'user')
          .execute();
      }
      return true;
    });
  }
}
