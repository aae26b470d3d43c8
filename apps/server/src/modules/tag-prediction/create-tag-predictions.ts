import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/schema.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import { LocalStorage } from '../../platform/storage/local-storage.ts';
import { readBlob } from '../../platform/storage/read-blob.ts';
import { TagPredictionRepository } from './tag-prediction.repository.ts';
import { TagPredictionService } from './tag-prediction.service.ts';
import { VisualIndex } from './visual-index.ts';

/** Tag prediction over the listed library's stills, wherever the media is stored. */
export function createTagPredictions(deps: {
  db: Kysely<Database>;
  storage: BlobStorage;
  clock: Clock;
  refreshSeconds: number;
  log: Logger;
}): TagPredictionService {
  const { storage } = deps;
  return new TagPredictionService({
    index: new VisualIndex({
      repo: new TagPredictionRepository(deps.db),
      // On disk sharp reads the file itself; from a bucket the (small) still comes in memory.
      input: (key) =>
        storage instanceof LocalStorage
          ? Promise.resolve(storage.pathOf(key))
          : readBlob(storage, key),
      clock: deps.clock,
      refreshSeconds: deps.refreshSeconds,
      maxEntries: 20_000,
      log: deps.log,
    }),
  });
}
