import type { Logger } from 'pino';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import { INTERRUPTED } from './gif-process.job.ts';
import type { GifProcessingService } from './gif-processing.service.ts';
import { RENDITIONS_FAILED } from './gif-renditions-rest.job.ts';
import type { GifRepository } from './gif.repository.ts';
import type { RenditionRepository } from './rendition.repository.ts';

export interface SettleSweepDeps {
  gifs: GifRepository;
  renditions: RenditionRepository;
  storage: BlobStorage;
  queue: JobQueue;
  processing: GifProcessingService;
  /** A blob no row references is removed once it is older than this (an upload in flight). */
  orphanGraceSeconds: number;
  /** Avatar files a crash left behind (see AvatarService.removeOrphanFiles). */
  avatars: { removeOrphanFiles(olderThanMs: number): Promise<number> };
  log: Logger;
}

export interface SettleOutcome {
  failed: number;
  restGivenUp: number;
  blobsRemoved: number;
  avatarFilesRemoved: number;
}

/**
 * Settles what a job's end left unsettled. A job can end without its give-up running: its final
 * attempt expired on a server (pg-boss fails it with no hook), or a stop failed a fetched job.
 * So, with no job of theirs still waiting, running or due for a retry:
 * - a GIF still processing ends failed (`processing_interrupted`);
 * - a ready GIF still waiting for its remaining renditions keeps what it has and gets
 *   `renditions_failed`;
 * - blobs under `gifs/` that no row references (a crash between storing a file and committing
 *   its row) are removed once older than the grace period, and so are avatar sources and
 *   rendered avatars that are neither a user's avatar nor the pending one.
 * Everything here is idempotent and safe beside running workers: rows change only from the
 * unsettled state, and files of GIFs with a live job are left alone.
 */
export class SettleSweep {
  readonly #deps: SettleSweepDeps;
  constructor(deps: SettleSweepDeps) {
    this.#deps = deps;
  }

  async run(): Promise<SettleOutcome> {
    const { gifs, processing } = this.#deps;
    // Rows first, jobs second: a GIF whose job ends in between already shows its outcome, and
    // the guarded updates below then change nothing.
    const unsettled = await gifs.listUnsettled();
    const live = await this.#liveGifJobs();
    let failed = 0;
    let restGivenUp = 0;
    for (const id of unsettled.processing) {
      if (live.has(id)) continue;
      await processing.markFailed(id, INTERRUPTED);
      failed++;
    }
    for (const id of unsettled.restPending) {
      if (live.has(id)) continue;
      await processing.giveUpRest(id, RENDITIONS_FAILED);
      restGivenUp++;
    }
    const blobsRemoved = await this.#removeOrphanBlobs(await this.#liveGifJobs());
    const graceEnd = Date.now() - this.#deps.orphanGraceSeconds * 1000;
    const avatarFilesRemoved = await this.#deps.avatars.removeOrphanFiles(graceEnd);
    const outcome = { failed, restGivenUp, blobsRemoved, avatarFilesRemoved };
    if (failed + restGivenUp + blobsRemoved + avatarFilesRemoved > 0)
      this.#deps.log.warn(outcome, 'settled interrupted work');
    return outcome;
  }

  /** Ids of GIFs with a job not yet ended. */
  async #liveGifJobs(): Promise<Set<string>> {
    const jobs = await this.#deps.queue.liveJobs(['gif.process', 'gif.renditions-rest']);
    return new Set(jobs.map((job) => (job.data as { gifId: string }).gifId));
  }

  async #removeOrphanBlobs(live: Set<string>): Promise<number> {
    const { storage, gifs, renditions, orphanGraceSeconds } = this.#deps;
    const oldEnough = Date.now() - orphanGraceSeconds * 1000;
    const byGif = new Map<string, string[]>();
    for (const blob of await storage.list('gifs')) {
      const gifId = blob.key.split('/')[1];
      if (!gifId || live.has(gifId) || blob.modifiedAt.getTime() > oldEnough) continue;
      byGif.set(gifId, [...(byGif.get(gifId) ?? []), blob.key]);
    }
    if (byGif.size === 0) return 0;
    const ids = [...byGif.keys()];
    const originals = await gifs.originalKeys(ids);
    const referenced = new Set<string>();
    for (const key of originals.values()) if (key) referenced.add(key);
    for (const row of await renditions.listForGifs(ids)) referenced.add(row.storage_key);
    // A job may have started since `live` was read; its files are not touched.
    const liveNow = await this.#liveGifJobs();
    let removed = 0;
    for (const [gifId, keys] of byGif) {
      if (liveNow.has(gifId)) continue;
      for (const key of keys) {
        if (referenced.has(key)) continue;
        await storage.delete(key);
        removed++;
      }
    }
    return removed;
  }
}
