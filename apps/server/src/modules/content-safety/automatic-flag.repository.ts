import { sql, type Kysely, type Transaction } from 'kysely';
import type { AutomaticFlagReason, Database, Rating } from '../../platform/db/schema.ts';
import type { SafetyScores } from './safety-rating.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What the pipeline found worth a moderator's look. */
export type NewAutomaticFlag =
  | {
      reason: 'content_safety';
      gifId: string;
      declaredRating: Rating;
      suggestedRating: Rating;
      scores: SafetyScores;
    }
  | { reason: 'near_duplicate'; gifId: string; duplicateOf: string; distance: number };

/** All SQL about automatic flags (migration 0023). */
export class AutomaticFlagRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Queues a finding (in the pipeline's transaction); a second one for the same GIF and reason is ignored. */
  async insert(trx: Db, flag: NewAutomaticFlag): Promise<void> {
    await trx
      .insertInto('gif_automatic_flags')
      .values({
        gif_id: flag.gifId,
        reason: flag.reason satisfies AutomaticFlagReason,
        declared_rating: flag.reason === 'content_safety' ? flag.declaredRating : null,
        suggested_rating: flag.reason === 'content_safety' ? flag.suggestedRating : null,
        scores: flag.reason === 'content_safety' ? JSON.stringify(flag.scores) : null,
        duplicate_of: flag.reason === 'near_duplicate' ? flag.duplicateOf : null,
        distance: flag.reason === 'near_duplicate' ? flag.distance : null,
      })
      .onConflict((oc) =>
        oc.columns(['gif_id', 'reason']).where('resolved_at', 'is', null).doNothing(),
      )
      .execute();
  }

  /** Resolves the GIF's open automatic flags (in the moderator's transaction); how many there were. */
  async resolveForGif(trx: Db, gifId: string, by: string, resolution: string): Promise<number> {
    const result = await trx
      .updateTable('gif_automatic_flags')
      .set({ resolved_at: new Date(), resolved_by: by, resolution })
      .where('gif_id', '=', gifId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * The closest GIF of someone else (listed, held or taken down) whose perceptual hash is at
   * most `maxDistance` bits from `phash`. A scan of every hashed GIF: one XOR and popcount a
   * row, done once per upload by its job.
   */
  async nearestOfOthers(options: {
    gifId: string;
    userId: string | null;
    phash: string;
    maxDistance: number;
  }): Promise<{ id: string; distance: number } | undefined> {
    const distance = sql<number>`bit_count(('x' || phash)::bit(64) # ('x' || ${options.phash})::bit(64))::int`;
    return this.#db
      .selectFrom('gifs')
      .select(['id', distance.as('distance')])
      .where('id', '<>', options.gifId)
      .where('phash', 'is not', null)
      .where('status', 'in', ['ready', 'pending_review', 'removed'])
      .where(sql<boolean>`user_id IS DISTINCT FROM ${options.userId}`)
      .where(distance, '<=', options.maxDistance)
      .orderBy(distance)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
  }
}
