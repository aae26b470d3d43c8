import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/schema.ts';
import type { GifReadService } from '../gifs/index.ts';
import type { CachePurge } from '../../platform/lib/cache-purge.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import type { GifListRepository } from '../public-api/index.ts';
import { SettingsRepository } from '../../platform/settings/settings.repository.ts';
import { ScheduleService, type ScheduleRepository } from '../trending-schedule/index.ts';
import type { UserRepository } from '../users/index.ts';
import { StoryCursors } from './story-cursor.ts';
import { StoryReader } from './story-reader.ts';
import { StoryRepository } from './story.repository.ts';
import { StoryService } from './story.service.ts';
import { TrendingStoryService } from './trending-story.service.ts';

/** Stories, trending stories and the trending scheduler (createServices calls this). */
export function createStoryServices(deps: {
  db: Kysely<Database>;
  lists: GifListRepository;
  reads: GifReadService;
  users: UserRepository;
  schedule: ScheduleRepository;
  purge: CachePurge;
  /** Tells other nodes to purge a GIF from what they keep (a no-op with one process). */
  announce: (trx: Transaction<Database>, gifId: string) => Promise<void>;
  clock: Clock;
  log: (service: string) => Logger;
}): { stories: StoryService; trendingStories: TrendingStoryService; schedule: ScheduleService } {
  const { db, lists, clock } = deps;
  const stories = new StoryRepository(db);
  const reader = new StoryReader({ stories, lists, reads: deps.reads, users: deps.users });
  return {
    schedule: new ScheduleService({
      db,
      schedule: deps.schedule,
      purge: deps.purge,
      announce: deps.announce,
      clock,
      log: deps.log('trending-schedule'),
    }),
    stories: new StoryService({
      db,
      stories,
      reader,
      lists,
      users: deps.users,
      cursors: new StoryCursors(new SettingsRepository(db)),
      clock,
      log: deps.log('stories'),
    }),
    trendingStories: new TrendingStoryService({ db, stories, reader, clock }),
  };
}
