import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, GifType } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A scheduled item with what its list shows of the GIF and of who scheduled it. */
export interface ScheduledItemRow {
  id: string;
  gif_id: string;
  type: GifType;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
  created_by: string | null;
  created_by_username: string | null;
}

export interface ActivityRow {
  id: string;
  schedule_id: string;
  gif_id: string;
  type: GifType;
  action: 'scheduled' | 'removed';
  starts_at: Date;
  ends_at: Date;
  actor_id: string | null;
  actor_username: string | null;
  created_at: Date;
}

/** A GIF as the scheduler needs it: whether it may trend at all, and where. */
export interface SchedulableGif {
  id: string;
  type: GifType;
  status: string;
  visibility: string;
}

/** SQL for the trending schedule and its activity log. */
export class ScheduleRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The GIFs among `ids`, locked, so a takedown cannot slip between the check and the insert. */
  lockGifs(trx: Transaction<Database>, ids: string[]): Promise<SchedulableGif[]> {
    return trx
      .selectFrom('gifs')
      .select(['id', 'type', 'status', 'visibility'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** A live or coming item of `gifId` whose window meets [startsAt, endsAt), if any. */
  async overlapping(
    db: Db,
    item: { gifId: string; startsAt: Date; endsAt: Date },
  ): Promise<{ id: string } | undefined> {
    return db
      .selectFrom('trending_schedule')
      .select('id')
      .where('gif_id', '=', item.gifId)
      .where('removed_at', 'is', null)
      .where('starts_at', '<', item.endsAt)
      .where('ends_at', '>', item.startsAt)
      .executeTakeFirst();
  }

  async insert(
    trx: Transaction<Database>,
    item: { id: string; gifId: string; startsAt: Date; endsAt: Date; by: string },
  ): Promise<void> {
    await trx
      .insertInto('trending_schedule')
      .values({
        id: item.id,
        gif_id: item.gifId,
        starts_at: item.startsAt,
        ends_at: item.endsAt,
        created_by: item.by,
      })
      .execute();
  }

  /** Marks a not yet removed item removed; its row, or undefined when there is none. */
  async remove(
    trx: Transaction<Database>,
    item: { id: string; by: string; at: Date },
  ): Promise<{ id: string; gif_id: string; starts_at: Date; ends_at: Date } | undefined> {
    return trx
      .updateTable('trending_schedule')
      .set({ removed_at: item.at, removed_by: item.by })
      .where('id', '=', item.id)
      .where('removed_at', 'is', null)
      .returning(['id', 'gif_id', 'starts_at', 'ends_at'])
      .executeTakeFirst();
  }

  async logActivity(
    trx: Transaction<Database>,
    entry: {
      scheduleId: string;
      gifId: string;
      type: GifType;
      action: 'scheduled' | 'removed';
      startsAt: Date;
      endsAt: Date;
      actorId: string;
    },
  ): Promise<void> {
    await trx
      .insertInto('trending_schedule_activity')
      .values({
        schedule_id: entry.scheduleId,
        gif_id: entry.gifId,
        type: entry.type,
        action: entry.action,
        starts_at: entry.startsAt,
        ends_at: entry.endsAt,
        actor_id: entry.actorId,
      })
      .execute();
  }

  /** Items of GIFs of `type` not removed and not yet over at `at`, soonest first; and their count. */
  async coming(options: {
    type: GifType;
    at: Date;
    limit: number;
    offset: number;
    ids?: string[];
  }): Promise<{ rows: ScheduledItemRow[]; total: number }> {
    let query = this.#db
      .selectFrom('trending_schedule as s')
      .innerJoin('gifs', 'gifs.id', 's.gif_id')
      .leftJoin('users', 'users.id', 's.created_by')
      .where('s.removed_at', 'is', null);
    query = options.ids
      ? query.where('s.id', 'in', options.ids)
      : query.where('s.ends_at', '>', options.at).where('gifs.type', '=', options.type);
    const rows = await query
      .select([
        's.id',
        's.gif_id',
        'gifs.type',
        's.starts_at',
        's.ends_at',
        's.created_at',
        's.created_by',
        'users.username as created_by_username',
        sql<string>`count(*) over ()`.as('total'),
      ])
      .orderBy('s.starts_at')
      .orderBy('s.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
    const total = rows[0] ? Number(rows[0].total) : 0;
    return { rows: rows.map(({ total: _, ...row }) => row), total };
  }

  /** The activity log, newest first. */
  async activity(options: { limit: number; offset: number }): Promise<ActivityRow[]> {
    const rows = await this.#db
      .selectFrom('trending_schedule_activity as a')
      .leftJoin('users', 'users.id', 'a.actor_id')
      .select([
        'a.id',
        'a.schedule_id',
        'a.gif_id',
        'a.type',
        'a.action',
        'a.starts_at',
        'a.ends_at',
        'a.actor_id',
        'users.username as actor_username',
        'a.created_at',
      ])
      .orderBy('a.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }

  /**
   * The next time after `at` when some item starts or ends (what trending shows changes then),
   * or null when none will.
   */
  async nextChange(at: Date): Promise<Date | null> {
    const row = await this.#db
      .selectFrom('trending_schedule')
      .select(
        sql<Date | null>`min(CASE WHEN starts_at > ${at} THEN starts_at ELSE ends_at END)`.as(
          'next',
        ),
      )
      .where('removed_at', 'is', null)
      .where('ends_at', '>', at)
      .executeTakeFirst();
    return row?.next ? new Date(row.next) : null;
  }
}
