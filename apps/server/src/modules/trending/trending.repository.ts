import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Pingbacks older than this no longer count towards trending. */
export const TRENDING_WINDOW_HOURS = 7 * 24;
/** A pingback counts half as much after this long. */
export const TRENDING_HALF_LIFE_HOURS = 24;

/** Writes the inputs of the trending score (see migration 0011). */
export class TrendingRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Recomputes every GIF's recent engagement from the pingbacks of the window: views count 1,
   * clicks 2, shares and favorites 3, each halved per half-life of age. GIFs whose pingbacks
   * all left the window drop back to 0. Resolves to how many GIFs were written.
   */
  async recompute(): Promise<number> {
    const windowSeconds = TRENDING_WINDOW_HOURS * 3600;
    const halfLifeSeconds = TRENDING_HALF_LIFE_HOURS * 3600;
    return this.#db.transaction().execute(async (trx) => {
      const updated = await sql`
        WITH recent AS (
          SELECT gif_id,
            sum(
              CASE action_type WHEN 'SEEN' THEN 1 WHEN 'CLICK' THEN 2
                WHEN 'SENT' THEN 3 WHEN 'FAVORITE' THEN 3 ELSE 0 END
              * power(0.5, extract(epoch FROM now() - occurred_at) / ${halfLifeSeconds})
            ) AS engagement,
            max(occurred_at) AS last_at
          FROM pingback_events
          WHERE occurred_at > now() - make_interval(secs => ${windowSeconds})
          GROUP BY gif_id
        )
        UPDATE gifs SET recent_engagement = recent.engagement, last_engaged_at = recent.last_at
        FROM recent
        WHERE gifs.id = recent.gif_id`.execute(trx);
      const cleared = await sql`
        UPDATE gifs SET recent_engagement = 0
        WHERE recent_engagement <> 0
          AND NOT EXISTS (
            SELECT 1 FROM pingback_events e
            WHERE e.gif_id = gifs.id
              AND e.occurred_at > now() - make_interval(secs => ${windowSeconds})
          )`.execute(trx);
      return Number(updated.numAffectedRows ?? 0n) + Number(cleared.numAffectedRows ?? 0n);
    });
  }
}
