import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { authorize, type Actor } from '../accounts/index.ts';
import type { Database, GifType } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CachePurge } from '../../platform/lib/cache-purge.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import { randomBase62 } from '../../platform/lib/ids.ts';
import type { ActivityRow, ScheduledItemRow, ScheduleRepository } from './schedule.repository.ts';

/** How far in the past a start may lie and still count as "now" (clocks differ a little). */
export const PAST_GRACE_MS = 60_000;

export interface ScheduleDeps {
  db: Kysely<Database>;
  schedule: ScheduleRepository;
  purge: CachePurge;
  /** Tells other nodes to forget their kept answers, at `trx`'s commit. */
  announce: (trx: Transaction<Database>, gifId: string) => Promise<void>;
  clock: Clock;
  log: Logger;
}

/**
 * The trending scheduler (staff only): GIFs put at the head of their type's trending list for a
 * window. Every change is written to the activity log in its transaction, and every kept
 * trending answer is forgotten before the call answers (here and, through the announce, on other
 * nodes); kept answers also expire when a scheduled window starts or ends (see trendingRows).
 */
export class ScheduleService {
  readonly #deps: ScheduleDeps;
  constructor(deps: ScheduleDeps) {
    this.#deps = deps;
  }

  /** Schedules every GIF of `items`, or none: one bad item refuses the call. */
  async add(
    actor: Actor | null,
    items: { gif_id: string; trending_datetime: Date; window_minutes: number }[],
  ): Promise<ScheduledItemRow[]> {
    authorize(actor, 'trending.schedule');
    const { db, schedule, announce, clock } = this.#deps;
    const now = clock();
    for (const item of items) {
      if (item.trending_datetime.getTime() < now - PAST_GRACE_MS)
        throw new AppError(
          'time_in_past',
          `${item.gif_id}: trending_datetime ${item.trending_datetime.toISOString()} has passed.`,
        );
    }
    const ids = await db.transaction().execute(async (trx) => {
      const gifs = await schedule.lockGifs(trx, [...new Set(items.map((i) => i.gif_id))]);
      const byId = new Map(gifs.map((gif) => [gif.id, gif]));
      const made: string[] = [];
      for (const item of items) {
        const gif = byId.get(item.gif_id);
        if (!gif) throw new AppError('gif_not_found', `No GIF with id ${item.gif_id}.`);
        if (gif.status !== 'ready' || gif.visibility !== 'public')
          throw new AppError(
            'gif_not_trendable',
            `${gif.id} is ${gif.status === 'ready' ? 'unlisted' : gif.status} and cannot trend.`,
          );
        const startsAt = item.trending_datetime;
        const endsAt = new Date(startsAt.getTime() + item.window_minutes * 60_000);
        // Checked against the rows this call inserted too, so a call cannot overlap itself.
        if (await schedule.overlapping(trx, { gifId: gif.id, startsAt, endsAt }))
          throw new AppError(
            'schedule_conflict',
            `${gif.id} is already scheduled in a window that meets this one.`,
          );
        const id = randomBase62(16);
        await schedule.insert(trx, { id, gifId: gif.id, startsAt, endsAt, by: actor.id });
        await schedule.logActivity(trx, {
          scheduleId: id,
          gifId: gif.id,
          type: gif.type,
          action: 'scheduled',
          startsAt,
          endsAt,
          actorId: actor.id,
        });
        await announce(trx, gif.id);
        made.push(id);
      }
      return made;
    });
    this.#forgetKeptAnswers(actor, 'scheduled', ids);
    const { rows } = await schedule.coming({
      type: 'gif',
      at: new Date(now),
      limit: ids.length,
      offset: 0,
      ids,
    });
    // In the order asked, as the caller listed them.
    return rows.toSorted((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  }

  /** Items not yet over, soonest first. */
  async list(
    actor: Actor | null,
    query: { type: GifType; limit: number; offset: number },
  ): Promise<{ rows: ScheduledItemRow[]; total: number }> {
    authorize(actor, 'trending.schedule');
    return this.#deps.schedule.coming({ ...query, at: new Date(this.#deps.clock()) });
  }

  /** Who scheduled or removed what, when; newest first. */
  async activity(
    actor: Actor | null,
    query: { limit: number; offset: number },
  ): Promise<ActivityRow[]> {
    authorize(actor, 'trending.schedule');
    return this.#deps.schedule.activity(query);
  }

  /** Takes an item off the schedule (live or coming); 404 when there is none to remove. */
  async remove(actor: Actor | null, id: string): Promise<void> {
    authorize(actor, 'trending.schedule');
    const { db, schedule, announce, clock } = this.#deps;
    await db.transaction().execute(async (trx) => {
      const removed = await schedule.remove(trx, { id, by: actor.id, at: new Date(clock()) });
      if (!removed)
        throw new AppError('schedule_item_not_found', 'No scheduled item with that id.');
      const [gif] = await schedule.lockGifs(trx, [removed.gif_id]);
      await schedule.logActivity(trx, {
        scheduleId: removed.id,
        gifId: removed.gif_id,
        type: gif?.type ?? 'gif',
        action: 'removed',
        startsAt: removed.starts_at,
        endsAt: removed.ends_at,
        actorId: actor.id,
      });
      await announce(trx, removed.gif_id);
    });
    this.#forgetKeptAnswers(actor, 'removed', [id]);
  }

  /** When trending shows something else next (a window starts or ends), or null. */
  async nextChange(at: Date): Promise<Date | null> {
    return this.#deps.schedule.nextChange(at);
  }

  #forgetKeptAnswers(actor: Actor, action: string, ids: string[]): void {
    // Null: the kept trending answers, whichever GIFs they hold.
    this.#deps.purge.purge(null);
    this.#deps.log.info({ by: actor.id, ids }, `trending items ${action}`);
  }
}
