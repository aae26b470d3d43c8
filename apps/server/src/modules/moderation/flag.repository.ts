import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Rating } from '../../platform/db/schema.ts';

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
   * per GIF; one statement, so two at once cannot both insert). Undefined when there is no
   * ready GIF with that id.
   */
  async upsert(flag: NewFlag): Promise<{ flag: FlagRow; created: boolean } | undefined> {
    const row = await this.#db
      .insertInto('gif_flags')
      .columns(['gif_id', 'flagger_user_id', 'reason', 'suggested_rating', 'note'])
      .expression((eb) =>
        eb
          .selectFrom('gifs')
          .select([
            'id',
            eb.val(flag.flaggerUserId).as('flagger_user_id'),
            eb.val(flag.reason).as('reason'),
            eb.cast<Rating | null>(eb.val(flag.suggestedRating), 'text').as('suggested_rating'),
            eb.val(flag.note).as('note'),
          ])
          .where('id', '=', flag.gifId)
          .where('status', '=', 'ready'),
      )
      .onConflict((oc) =>
        oc
          .columns(['gif_id', 'flagger_user_id'])
          .where('resolved_at', 'is', null)
          .doUpdateSet((eb) => ({
            reason: eb.ref('excluded.reason'),
            suggested_rating: eb.ref('excluded.suggested_rating'),
            note: eb.ref('excluded.note'),
            updated_at: new Date(),
          })),
      )
      // xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
      .returning([...columns, sql<boolean>`xmax = 0`.as('created')])
      .executeTakeFirst();
    if (!row) return undefined;
    const { created, ...saved } = row;
    return { flag: saved, created };
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
