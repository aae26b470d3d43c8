import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A term a moderator hid from trending searches, who did and when. */
export interface HiddenTermRow {
  term: string;
  hidden_by: string | null;
  hidden_by_username: string | null;
  hidden_at: Date;
}

/** SQL of the moderators' lists for trending searches: hidden terms and blocked phrases. */
export class TrendingTermRulesRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Every hidden term, most recently hidden first. */
  hiddenTerms(): Promise<HiddenTermRow[]> {
    return this.#db
      .selectFrom('hidden_search_terms as h')
      .leftJoin('users', 'users.id', 'h.hidden_by')
      .select(['h.term', 'h.hidden_by', 'users.username as hidden_by_username', 'h.hidden_at'])
      .orderBy('h.hidden_at', 'desc')
      .orderBy('h.term')
      .execute();
  }

  /** The blocked phrases, in alphabetical order. */
  async blockedPhrases(db: Db = this.#db): Promise<string[]> {
    const rows = await db
      .selectFrom('blocked_search_terms')
      .select('phrase')
      .orderBy('phrase')
      .execute();
    return rows.map((row) => row.phrase);
  }

  /** Hides `term`; false when it already was. */
  async hide(trx: Db, term: string, by: string): Promise<boolean> {
    const inserted = await trx
      .insertInto('hidden_search_terms')
      .values({ term, hidden_by: by })
      .onConflict((oc) => oc.column('term').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Shows `term` again; false when it was not hidden. */
  async unhide(trx: Db, term: string): Promise<boolean> {
    const deleted = await trx
      .deleteFrom('hidden_search_terms')
      .where('term', '=', term)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** Makes the blocked list exactly `phrases`, keeping who added the ones that stay. */
  async replaceBlocked(trx: Db, phrases: readonly string[], by: string): Promise<void> {
    let removal = trx.deleteFrom('blocked_search_terms');
    if (phrases.length > 0) removal = removal.where('phrase', 'not in', phrases);
    await removal.execute();
    if (phrases.length === 0) return;
    await trx
      .insertInto('blocked_search_terms')
      .values(phrases.map((phrase) => ({ phrase, added_by: by })))
      .onConflict((oc) => oc.column('phrase').doNothing())
      .execute();
  }
}
