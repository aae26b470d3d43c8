import type { Kysely, Transaction } from 'kysely';
import type { Database, Rating } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewFlag {
  gifId: string;
  flaggerUserId: string;
  reason: string;
  suggestedRating: Rating | null;
  note: string;
}

export interface FlagRow {
  id: number;
  gif_id: string;
  flagger_user_id: string | null;
  reason: string;
  suggested_rating: Rating | null;
  note: string;
  created_at: Date;
  updated_at: Date;
}

const columns = [
  'id',
  'gif_id',
  'flagger_user_id',
  'reason',
  'suggested_rating',
  'note',
  'created_at',
  'updated_at',
] as const;

/** All SQL about flags: signed-in users asking a moderator to look at a GIF. */
export class FlagRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Records the user's flag of a ready GIF, or updates their open one (a user has one open flag
   * per GIF). Undefined when there is no ready GIF with that id.
   */
  async upsert(flag: NewFlag): Promise<{ flag: FlagRow; created: boolean } | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const gif = await trx
        .selectFrom('gifs')
        .select('id')
        .where('id', '=', flag.gifId)
        .where('status', '=', 'ready')
        .forShare()
        .executeTakeFirst();
      if (!gif) return undefined;
      const values = {
        reason: flag.reason,
        suggested_rating: flag.suggestedRating,
        note: flag.note,
      };
      const updated = await trx
        .updateTable('gif_flags')
        .set({ ...values, updated_at: new Date() })
        .where('gif_id', '=', flag.gifId)
        .where('flagger_user_id', '=', flag.flaggerUserId)
        .where('resolved_at', 'is', null)
        .returning(columns)
        .executeTakeFirst();
      if (updated) return { flag: updated, created: false };
      const inserted = await trx
        .insertInto('gif_flags')
        .values({ ...values, gif_id: flag.gifId, flagger_user_id: flag.flaggerUserId })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return { flag: inserted, created: true };
    });
  }

  /** Resolves the GIF's open flags (in the moderator's transaction); how many there were. */
  async resolveForGif(trx: Db, gifId: string, by: string, resolution: string): Promise<number> {
    const result = await trx
      .updateTable('gif_flags')
      .set({ resolved_at: new Date(), resolved_by: by, resolution })
      .where('gif_id', '=', gifId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
