import type { Kysely } from 'kysely';
import type { MediaLimits } from '@jiffy/media';
import type { Database, GifType, Rating } from '../../platform/db/schema.ts';
import { can } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { JobLane } from '../../platform/jobs/job-types.ts';
import { gifSlug, newGifId } from '../../platform/lib/ids.ts';
import { passCheckpoint } from '../../platform/lib/work-checkpoints.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import type { UserRepository } from '../users/index.ts';
import type { GifRepository } from './gif.repository.ts';
import { inspectSource } from '../../platform/media/source-inspector.ts';
import type { QuotaSubject, UploadQuota } from './upload-quota.ts';

/** Metadata sent with an upload (GIPHY's upload fields plus Jiffy's title/rating/alt text). */
export interface UploadInput {
  title: string;
  tags: string[];
  sourcePostUrl: string | null;
  isSticker: boolean;
  rating: Rating;
  altText: string;
  /** Channel to attribute the upload to; must exist, and be the uploader's own unless staff. */
  username: string | null;
  /** Language of the title and tags (ISO 639-1); search stems them in it. */
  lang: string;
}

export interface UploadServiceDeps {
  db: Kysely<Database>;
  gifs: GifRepository;
  users: UserRepository;
  storage: BlobStorage;
  queue: JobQueue;
  limits: MediaLimits;
  /** Checks a URL is public before it is accepted (the job checks again when fetching). */
  assertImportable: (url: string) => Promise<unknown>;
  /** Uploads per hour and bytes per day, spent before anything is stored. */
  quota: UploadQuota;
}

/**
 * Who uploads: a user (their key or session), nobody (the instance's default key), or the
 * instance's own tools (the demo seed, the import command), which may credit any channel.
 */
export interface Uploader {
  uploaderId: string | null;
  asInstance?: boolean;
  /** The API key sent, if any: an ownerless key (the default one) has its own quota. */
  apiKey?: string | undefined;
}

/** The GIF an upload answers: a new one, or (`created: false`) the uploader's exact copy. */
export interface UploadResult {
  id: string;
  created: boolean;
}

/** Accepts uploads: checks them, records the GIF as processing and enqueues its work atomically. */
export class UploadService {
  readonly #deps: UploadServiceDeps;
  constructor(deps: UploadServiceDeps) {
    this.#deps = deps;
  }

  /**
   * A file already received to `tempPath` (the caller removes it afterwards). A file its owner
   * already has (same sha256, not failed or taken down) answers that GIF: nothing is stored or
   * charged. Uploads with no user are not compared: nobody can say whose they are.
   */
  async createFromFile(
    options: Uploader & { tempPath: string; filename: string | null; input: UploadInput },
  ): Promise<UploadResult> {
    const { tempPath, filename, input } = options;
    const userId = await this.#owner(input.username, options);
    const source = await inspectSource(tempPath, { filename, limits: this.#deps.limits });
    const existing = userId && (await this.#deps.gifs.findOwnCopy(userId, source.sha256));
    if (existing) return { id: existing, created: false };
    // Charged once the file is known good (a refused file costs nothing) and before it is stored.
    const subject = await this.#quotaSubject(options);
    if (subject) await this.#deps.quota.charge(subject, source.bytes);
    const id = newGifId();
    const originalKey = `gifs/${id}/source`;
    const { probe } = source;
    try {
      await this.#deps.storage.putFile(originalKey, tempPath);
      // A crash from here until the GIF is recorded leaves an unreferenced source, which the
      // settle sweep (gifs/settle-sweep.ts) removes after its grace period.
      await passCheckpoint('upload-stored', input.title);
      await this.#record(id, input, userId, laneOf(options), {
        original_key: originalKey,
        original_bytes: source.bytes,
        content_sha256: source.sha256,
        source_format: probe.format,
        width: probe.width,
        height: probe.height,
        frames: probe.frames,
        duration_ms: Math.round(probe.durationMs),
        has_alpha: probe.hasAlpha,
      });
    } catch (error) {
      // Nothing was recorded, so nothing may stay stored (or stay charged).
      await this.#deps.storage.deletePrefix(`gifs/${id}`);
      if (subject) await this.#deps.quota.refund(subject, source.bytes);
      throw error;
    }
    return { id, created: true };
  }

  /** A `source_image_url`: checked now, fetched by the job. */
  async createFromUrl(options: Uploader & { url: string; input: UploadInput }): Promise<string> {
    const userId = await this.#owner(options.input.username, options);
    await this.#deps.assertImportable(options.url);
    // The size is known only once the job has fetched it (capped at MAX_UPLOAD_BYTES): an import
    // spends one upload now and needs some of the day's bytes left.
    const subject = await this.#quotaSubject(options);
    if (subject) await this.#deps.quota.charge(subject, 0);
    const id = newGifId();
    try {
      await this.#record(id, options.input, userId, laneOf(options), {
        source_image_url: options.url,
      });
    } catch (error) {
      if (subject) await this.#deps.quota.refund(subject, 0);
      throw error;
    }
    return id;
  }

  /** Refuses (429) an uploader whose quota is spent, before a possibly large body is read. */
  async refuseIfQuotaSpent(uploader: Uploader): Promise<void> {
    const subject = await this.#quotaSubject(uploader);
    if (subject) await this.#deps.quota.refuseIfSpent(subject);
  }

  /**
   * Whose allowance an upload spends: the uploading user's (not the channel credited), else the
   * ownerless key's; none for staff and the instance's own tools (seed, import command).
   */
  async #quotaSubject(uploader: Uploader): Promise<QuotaSubject | null> {
    if (uploader.asInstance) return null;
    if (uploader.uploaderId) {
      const actor = await this.#deps.users.findById(uploader.uploaderId);
      if (can(actor ?? null, 'gif.upload_unmetered')) return null;
      return { userId: uploader.uploaderId };
    }
    return { apiKey: uploader.apiKey ?? 'anonymous' };
  }

  /**
   * Whose the GIF is: the uploader's, or the channel `username` names, which only its owner,
   * staff and the instance's own tools may credit (GIPHY scopes a key to its owner's channels).
   */
  async #owner(username: string | null, uploader: Uploader): Promise<string | null> {
    if (!username) return uploader.uploaderId;
    const user = await this.#deps.users.findByUsername(username);
    if (!user) throw new AppError('invalid_request', `username: no user named ${username}`);
    if (uploader.asInstance) return user.id;
    const actor = uploader.uploaderId
      ? await this.#deps.users.findById(uploader.uploaderId)
      : undefined;
    if (!can(actor ?? null, 'gif.upload_as', { ownerId: user.id }))
      throw new AppError(
        'forbidden',
        `username: this key may not upload to ${username}'s channel; use a key of that account.`,
      );
    return user.id;
  }

  /** Inserts the GIF and its processing job in one transaction, then wakes a local worker. */
  async #record(
    id: string,
    input: UploadInput,
    userId: string | null,
    lane: JobLane,
    source: Partial<Parameters<GifRepository['insert']>[0]>,
  ): Promise<void> {
    const type: GifType = input.isSticker ? 'sticker' : 'gif';
    await this.#deps.db.transaction().execute(async (trx) => {
      await this.#deps.gifs.insert(
        {
          id,
          slug: gifSlug(input.title, id),
          title: input.title,
          alt_text: input.altText,
          type,
          rating: input.rating,
          tags: input.tags,
          lang: input.lang,
          source_post_url: input.sourcePostUrl,
          source_image_url: null,
          user_id: userId,
          failure_code: null,
          failure_message: null,
          source_format: null,
          width: null,
          height: null,
          frames: null,
          duration_ms: null,
          has_alpha: null,
          original_bytes: null,
          original_key: null,
          content_sha256: null,
          phash: null,
          ready_at: null,
          trending_at: null,
          ...source,
        },
        trx,
      );
      await this.#deps.queue.enqueue({ name: 'gif.process', data: { gifId: id } }, trx, { lane });
    });
    this.#deps.queue.wake();
  }
}

/**
 * The queue lane of an upload (fair queueing): each signed-in uploader has their own; uploads
 * with no user (the instance's default key) share one; the instance's own tools (demo seed,
 * import) run in a background lane behind every user's work.
 */
function laneOf(uploader: Uploader): JobLane {
  if (uploader.asInstance) return { key: 'instance', background: true };
  return { key: uploader.uploaderId ? `user:${uploader.uploaderId}` : 'anonymous' };
}
