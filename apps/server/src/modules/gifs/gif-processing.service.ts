import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { Kysely } from 'kysely';
import {
  MediaError,
  perceptualHash,
  probe,
  renderRenditions,
  type MediaLimits,
  type MediaProbe,
  type RenditionFile,
  type RenditionPhase,
} from '@jiffy/media';
import type { FirstLookService } from '../content-safety/index.ts';
import type { Database, GifRow, NewRendition } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { JobLane, JobOutcome } from '../../platform/jobs/job-types.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { withTempDir } from '../../platform/lib/temp-dir.ts';
import { passCheckpoint } from '../../platform/lib/work-checkpoints.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import type { GifRepository } from './gif.repository.ts';
import type { RenditionRepository } from './rendition.repository.ts';
import { inspectSource } from '../../platform/media/source-inspector.ts';

/**
 * Files stored or fetched at once: to a bucket each is a round trip (the first ready answer
 * stores ~15 files), on disk a copy; a few at a time hides the latency without a burst.
 */
const STORAGE_CALLS_AT_ONCE = 4;

export interface GifProcessingDeps {
  db: Kysely<Database>;
  gifs: GifRepository;
  renditions: RenditionRepository;
  storage: BlobStorage;
  queue: JobQueue;
  limits: MediaLimits;
  tempRoot: string;
  /** Fetches a source_image_url to a file, refusing private addresses on every hop. */
  download: (url: string, destPath: string) => Promise<unknown>;
  /**
   * True when a processed GIF waits for a moderator (status 'pending_review') instead of
   * becoming ready: pre-moderation of unverified uploaders (MODERATION_MODE=pre).
   */
  holdForReview?: (gif: GifRow) => Promise<boolean>;
  /** Content-safety scores and near-duplicates, decided before the GIF is listed. */
  firstLook: FirstLookService;
}

/**
 * Turns a processing GIF into a ready one. The 'essential' phase makes what a page needs and
 * marks the GIF ready; the 'rest' phase fills in the remaining renditions. Both are idempotent:
 * a re-run overwrites the same keys and rows.
 */
export class GifProcessingService {
  readonly #deps: GifProcessingDeps;
  constructor(deps: GifProcessingDeps) {
    this.#deps = deps;
  }

  /** `lane`: whose work this is; the rest phase is queued in the same lane. */
  async processEssential(gifId: string, lane: JobLane | null = null): Promise<JobOutcome> {
    const gif = await this.#deps.gifs.findById(gifId);
    if (!gif || gif.status !== 'processing') return 'skipped';
    try {
      return await withTempDir(this.#deps.tempRoot, async (dir): Promise<JobOutcome> => {
        const sourcePath = await this.#fetchSource(gif, dir);
        const probed = await probe(sourcePath, this.#deps.limits);
        const [files, phash] = await Promise.all([
          this.#render(gif, sourcePath, probed, path.join(dir, 'out'), 'essential'),
          perceptualHash(sourcePath),
        ]);
        const rows = await this.#store(gif.id, files);
        await passCheckpoint('essential-stored', gif.title);
        // Scored before the status changes: a GIF is never listed at a laxer rating than its
        // scores suggest, and a crash here leaves it processing, so the retried job scores again.
        const look = await this.#deps.firstLook.examine(gif, files, phash);
        const held = (await this.#deps.holdForReview?.(gif)) ?? false;
        let stillProcessing = false;
        await this.#deps.db.transaction().execute(async (trx) => {
          await this.#deps.renditions.upsertMany(rows, trx);
          stillProcessing = await this.#deps.gifs.updateWhileProcessing(
            gif.id,
            {
              status: held ? 'pending_review' : 'ready',
              ready_at: new Date(),
              phash,
              type: readyType(gif, probed),
              rating: look.rating,
              safety_scores: JSON.stringify(look.scores),
              suggested_rating: look.suggestedRating,
            },
            trx,
          );
          if (stillProcessing) {
            await this.#deps.firstLook.record(trx, look);
            await this.#deps.queue.enqueue(
              { name: 'gif.renditions-rest', data: { gifId: gif.id } },
              trx,
              { lane },
            );
          }
        });
        if (!stillProcessing) return 'skipped';
        this.#deps.queue.wake();
        return 'success';
      });
    } catch (error) {
      const expected = expectedFailure(error);
      if (!expected) throw error;
      await this.markFailed(gif.id, expected);
      return 'failed';
    }
  }

  async processRest(gifId: string): Promise<JobOutcome> {
    const gif = await this.#deps.gifs.findById(gifId);
    if (
      !gif ||
      (gif.status !== 'ready' && gif.status !== 'pending_review') ||
      gif.renditions_complete ||
      gif.failure_code ||
      !gif.original_key
    ) {
      return 'skipped';
    }
    const originalKey = gif.original_key;
    return withTempDir(this.#deps.tempRoot, async (dir): Promise<JobOutcome> => {
      const sourcePath = path.join(dir, 'source');
      await this.#deps.storage.getToFile(originalKey, sourcePath);
      const probed = await probe(sourcePath, this.#deps.limits);
      const outDir = path.join(dir, 'out');
      // The essential files go back where the media package looks for them, so the rest phase
      // reuses them (original GIF/MP4, stills) instead of encoding them again.
      const storedKeys = await this.#restoreEssentials(gif.id, outDir);
      const files = await this.#render(gif, sourcePath, probed, outDir, 'rest');
      const rows = await this.#store(gif.id, files, storedKeys);
      await passCheckpoint('rest-stored', gif.title);
      await this.#deps.db.transaction().execute(async (trx) => {
        await this.#deps.renditions.upsertMany(rows, trx);
        await this.#deps.gifs.update(gif.id, { renditions_complete: true }, trx);
      });
      return 'success';
    });
  }

  /**
   * Ends the rest phase of a ready GIF for good: it keeps the renditions a page needs, and its
   * failure code says the others will not come (renditions_complete stays false).
   */
  async giveUpRest(gifId: string, failure: { code: string; message: string }): Promise<void> {
    await this.#deps.gifs.settleIncompleteRest(gifId, failure);
  }

  /** Records why a GIF could not be processed; it stays out of every listing. */
  async markFailed(gifId: string, failure: { code: string; message: string }): Promise<void> {
    await this.#deps.gifs.updateWhileProcessing(gifId, {
      status: 'failed',
      failure_code: failure.code,
      failure_message: failure.message,
    });
  }

  /** The source as a local file: fetched and checked on first run for URL imports. */
  async #fetchSource(gif: GifRow, dir: string): Promise<string> {
    const sourcePath = path.join(dir, 'source');
    if (gif.original_key) {
      await this.#deps.storage.getToFile(gif.original_key, sourcePath);
      return sourcePath;
    }
    if (!gif.source_image_url) throw new MediaError('processing_failed', 'The GIF has no source.');
    await this.#deps.download(gif.source_image_url, sourcePath);
    const source = await inspectSource(sourcePath, { filename: null, limits: this.#deps.limits });
    const originalKey = `gifs/${gif.id}/source`;
    await this.#deps.storage.putFile(originalKey, sourcePath);
    const { probe: p } = source;
    await this.#deps.gifs.updateWhileProcessing(gif.id, {
      original_key: originalKey,
      original_bytes: source.bytes,
      content_sha256: source.sha256,
      source_format: p.format,
      width: p.width,
      height: p.height,
      frames: p.frames,
      duration_ms: Math.round(p.durationMs),
      has_alpha: p.hasAlpha,
    });
    return sourcePath;
  }

  #render(
    gif: GifRow,
    source: string,
    probed: Awaited<ReturnType<typeof probe>>,
    outDir: string,
    phase: RenditionPhase,
  ): Promise<RenditionFile[]> {
    return renderRenditions({
      source,
      probe: probed,
      outDir,
      sticker: gif.type === 'sticker',
      phase,
      limits: this.#deps.limits,
    });
  }

  /** Copies the GIF's stored renditions to `outDir/<name>.<format>`; maps each path to its key. */
  async #restoreEssentials(gifId: string, outDir: string): Promise<Map<string, string>> {
    await fs.mkdir(outDir, { recursive: true });
    const storedKeys = new Map<string, string>();
    const limit = pLimit(STORAGE_CALLS_AT_ONCE);
    await Promise.all(
      (await this.#deps.renditions.listForGifs([gifId])).map((row) =>
        limit(async () => {
          const filePath = path.join(outDir, `${row.name}.${row.format}`);
          await this.#deps.storage.getToFile(row.storage_key, filePath);
          storedKeys.set(filePath, row.storage_key);
        }),
      ),
    );
    return storedKeys;
  }

  /**
   * Uploads each distinct file once (files already in storage, `storedKeys`, not at all);
   * renditions that share a file share its storage key.
   */
  async #store(
    gifId: string,
    files: RenditionFile[],
    storedKeys = new Map<string, string>(),
  ): Promise<NewRendition[]> {
    const keyOfPath = new Map<string, string>();
    const toUpload: [string, string][] = [];
    for (const file of files) {
      if (keyOfPath.has(file.path)) continue;
      const stored = storedKeys.get(file.path);
      const key = stored ?? `gifs/${gifId}/${file.name}.${file.format}`;
      keyOfPath.set(file.path, key);
      if (!stored) toUpload.push([file.path, key]);
    }
    const limit = pLimit(STORAGE_CALLS_AT_ONCE);
    await Promise.all(
      toUpload.map(([filePath, key]) => limit(() => this.#deps.storage.putFile(key, filePath))),
    );
    return files.map((file) => ({
      gif_id: gifId,
      name: file.name,
      format: file.format,
      width: file.width,
      height: file.height,
      frames: file.frames,
      bytes: file.bytes,
      sha256: file.sha256,
      storage_key: keyOfPath.get(file.path)!,
    }));
  }
}

/** Media problems and refused/failed URL fetches end the GIF as failed; anything else is retried. */
function expectedFailure(error: unknown): { code: string; message: string } | null {
  if (error instanceof MediaError) return { code: error.code, message: error.message };
  if (error instanceof AppError && error.status < 500) {
    return { code: error.code, message: error.message };
  }
  return null;
}

/**
 * A video with sound that was not uploaded as a sticker is a clip (GIPHY's videos): it lists on
 * `videos/*` and keeps its sound in the `clip` rendition. Silent video is a GIF, as on GIPHY.
 */
function readyType(gif: GifRow, probed: MediaProbe): GifRow['type'] {
  return gif.type === 'gif' && probed.kind === 'video' && probed.hasAudio ? 'video' : gif.type;
}
