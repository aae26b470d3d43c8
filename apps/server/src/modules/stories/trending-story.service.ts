import type { Kysely } from 'kysely';
import { authorize, can, type Actor } from '../accounts/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import { PAST_GRACE_MS } from '../trending-schedule/index.ts';
import type { HydratedStory, Hydration, StoryReader } from './story-reader.ts';
import type { StoryRepository } from './story.repository.ts';

/** A story on trending stories, and since when. */
export interface TrendingStory {
  hydrated: HydratedStory;
  trendingAt: Date;
}

export interface TrendingStoryDeps {
  db: Kysely<Database>;
  stories: StoryRepository;
  reader: StoryReader;
  clock: Clock;
}

/**
 * Trending stories: staff put published stories there from a time (now unless said). Everyone
 * reads those whose time has come and that are public; staff also see the coming ones.
 */
export class TrendingStoryService {
  readonly #deps: TrendingStoryDeps;
  constructor(deps: TrendingStoryDeps) {
    this.#deps = deps;
  }

  async list(
    actor: Actor | null,
    query: { sort: 'asc' | 'desc'; hydration: Hydration },
  ): Promise<TrendingStory[]> {
    const now = this.#deps.clock();
    const staff = can(actor, 'trending.schedule');
    const rows = await this.#deps.stories.trending({
      at: new Date(now),
      withComing: staff,
      sort: query.sort,
    });
    // A story unpublished (or scheduled for later) since it was featured is not shown.
    const shown = rows.filter(
      ({ story }) =>
        staff ||
        (story.is_published && story.publish_at !== null && story.publish_at.getTime() <= now),
    );
    const hydrated = await this.#deps.reader.hydrate(
      shown.map((r) => r.story),
      query.hydration,
    );
    return hydrated.map((h, i) => ({ hydrated: h, trendingAt: shown[i]!.trending_at }));
  }

  async add(
    actor: Actor | null,
    input: { story_id: string; publish_datetime: Date | null },
  ): Promise<TrendingStory> {
    authorize(actor, 'trending.schedule');
    const now = this.#deps.clock();
    const at = input.publish_datetime ?? new Date(now);
    if (at.getTime() < now - PAST_GRACE_MS)
      throw new AppError('time_in_past', `publish_datetime ${at.toISOString()} has passed.`);
    await this.#deps.db.transaction().execute(async (trx) => {
      const story = await this.#deps.stories.lockById(trx, input.story_id);
      if (!story) throw new AppError('story_not_found', 'No story with that id.');
      if (!story.is_published)
        throw new AppError('story_not_published', 'Only a published story can trend.');
      await this.#deps.stories.putOnTrending(trx, { storyId: story.id, at, by: actor.id });
    });
    const story = (await this.#deps.stories.findById(input.story_id))!;
    const [hydrated] = await this.#deps.reader.hydrate([story], 'COVER_ONLY');
    return { hydrated: hydrated!, trendingAt: at };
  }

  async remove(actor: Actor | null, storyId: string): Promise<void> {
    authorize(actor, 'trending.schedule');
    if (!(await this.#deps.stories.takeOffTrending(storyId)))
      throw new AppError('story_not_found', 'That story is not on trending stories.');
  }
}
