import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { pingDatabase, type DatabaseHandle } from '../../platform/db/database.ts';
import { migrationsDone } from '../../platform/db/migrate.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import { HealthService } from './health.service.ts';

/** `/healthz` and `/readyz` over this node's database, queue, Redis (when set) and storage. */
export function createNodeHealth(deps: {
  database: DatabaseHandle;
  queue: JobQueue;
  redis: Redis | undefined;
  storage: BlobStorage;
  log: Logger;
}): HealthService {
  const { database, queue, redis, storage } = deps;
  // Once every migration is seen applied it stays so; until then each probe looks again.
  let migrated = false;
  return new HealthService({
    timeoutMs: 2000,
    log: deps.log,
    checks: {
      database: async () => {
        if (!(await pingDatabase(database.db))) throw new Error('the database does not answer');
        migrated ||= await migrationsDone(database);
        if (!migrated) throw new Error('migrations are not all applied');
      },
      queue: () => queue.ping(),
      redis: redis
        ? async () => {
            // A dropped connection says so at once; a live one must also answer.
            if (redis.status !== 'ready') throw new Error(`Redis connection ${redis.status}`);
            await redis.ping();
          }
        : null,
      // Any answer (even "no such blob") means the store is there and readable.
      storage: async () => void (await storage.stat('health/probe')),
    },
  });
}
