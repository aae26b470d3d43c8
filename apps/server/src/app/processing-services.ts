import type { Logger } from 'pino';
import type { Config } from './config/env.ts';
import {
  FirstLookService,
  sharedClassifier,
  AutomaticFlagRepository,
} from '../modules/content-safety/index.ts';
import { AvatarService, type UserRepository } from '../modules/users/index.ts';
import {
  GifProcessingService,
  SettleSweep,
  type GifProcessingDeps,
} from '../modules/gifs/index.ts';

/**
 * What turns uploads into served media: the GIF pipeline with its first look (content safety,
 * near-duplicates) and pre-moderation hold, avatars, and the sweep that settles what a crash
 * left half done (createServices calls this).
 */
export function createProcessingServices(
  deps: Omit<GifProcessingDeps, 'holdForReview' | 'firstLook'> & {
    config: Config;
    users: UserRepository;
    log: (service: string) => Logger;
  },
) {
  const { config, users, db, storage, queue, limits, tempRoot } = deps;
  const classifier = sharedClassifier();
  const automaticFlags = new AutomaticFlagRepository(db);
  const processing = new GifProcessingService({
    db,
    gifs: deps.gifs,
    renditions: deps.renditions,
    storage,
    queue,
    limits,
    tempRoot,
    download: deps.download,
    // Pre-moderation holds uploads by unverified users (and by nobody) for a moderator.
    holdForReview:
      config.MODERATION_MODE === 'pre'
        ? async (gif) => {
            const uploader = gif.user_id ? await users.findById(gif.user_id) : undefined;
            return !uploader || (uploader.role === 'user' && !uploader.is_verified);
          }
        : undefined,
    firstLook: new FirstLookService({
      classifier,
      automaticFlags,
      thresholds: {
        explicit: config.NSFW_EXPLICIT_THRESHOLD,
        suggestive: config.NSFW_SUGGESTIVE_THRESHOLD,
      },
      sampleFrames: config.NSFW_SAMPLE_FRAMES,
      nearDuplicateDistance: config.NEAR_DUPLICATE_MAX_DISTANCE,
    }),
  });
  const avatars = new AvatarService({ db, queue, users, storage, limits, tempRoot });
  const settleSweep = new SettleSweep({
    gifs: deps.gifs,
    renditions: deps.renditions,
    storage,
    queue,
    processing,
    orphanGraceSeconds: config.ORPHAN_GRACE_SECONDS,
    avatars,
    log: deps.log('settle-sweep'),
  });
  return { automaticFlags, processing, avatars, settleSweep };
}
