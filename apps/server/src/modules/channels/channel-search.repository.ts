import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/**
 * Channels by name for the public API's channel search: a root channel by its owner's username
 * or display name, a sub-channel by its title or slug (substring, then look-alike). Only
 * channels anyone may see: of a public user, neither hidden nor under a hidden channel.
 */
export class ChannelSearchRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The ids of a page of matches, best first, and how many match in all. */
  async search(options: {
    q: string;
    limit: number;
    offset: number;
  }): Promise<{ ids: number[]; total: number }> {
    const { q } = options;
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Hidden channels are few: their subtrees are walked down, not every match's ancestors up.
    const { rows } = await sql<{ id: number; total: string }>`
      WITH RECURSIVE hidden(id) AS (
        SELECT id FROM channels WHERE NOT is_visible
        UNION
        SELECT c.id FROM channels c JOIN hidden h ON c.parent_id = h.id),
      named AS (
        SELECT c.id, c.parent_id,
          CASE WHEN c.parent_id IS NULL THEN u.username ELSE c.slug END AS slug,
          CASE WHEN c.parent_id IS NULL THEN u.display_name ELSE c.title END AS name
        FROM channels c JOIN users u ON u.id = c.user_id
        WHERE u.is_public AND c.id NOT IN (SELECT id FROM hidden))
      SELECT id, count(*) OVER () AS total FROM named
      WHERE slug ILIKE ${like} OR name ILIKE ${like} OR similarity(slug, ${q}) > 0.3
        OR similarity(name, ${q}) > 0.3
      ORDER BY lower(slug) = lower(${q}) DESC,
        greatest(similarity(slug, ${q}), similarity(name, ${q})) DESC,
        parent_id IS NULL DESC, id
      LIMIT ${options.limit} OFFSET ${options.offset}`.execute(this.#db);
    return { ids: rows.map((r) => r.id), total: rows[0] ? Number(rows[0].total) : 0 };
  }
}
