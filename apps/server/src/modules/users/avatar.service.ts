import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { MediaError, probe, renderAvatar, type MediaLimits } from '@jiffy/media';
import type { Database } from '../../platform/db/schema.ts';
import { inspectSource } from '../../platform/media/source-inspector.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { JobOutcome } from '../../platform/jobs/job-types.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import { DEFAULT_AVATAR_COUNT } from './avatar-urls.ts';
import type { UserRepository } from './user.repository.ts';

/** An avatar needs far less than a GIF: 10 MB and 2048×2048 frames at most. */
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_MAX_PIXELS_PER_FRAME = 2048 * 2048;

const DEFAULT_COLOURS = ['#6157ff', '#00ccff', '#00e6cc', '#fff35c', '#ff6666'];

/** Where an accepted upload waits for its render job (not under `avatars/`: never served). */
const sourceKey = (userId: string, key: string) => `avatar-sources/${userId}/${key}`;

/**
 * Avatars through the media pipeline: the same checks as uploads (sniff, name, header probe,
 * limits and the decoded-work budget) in the request, then GIF variants 80 and 200 px high and
 * 200 px wide, rendered by an `avatar.render` job and stored under `avatars/<user id>/<key>/`.
 */
export class AvatarService {
  readonly #db: Kysely<Database>;
  readonly #queue: JobQueue;
  readonly #users: UserRepository;
  readonly #storage: BlobStorage;
  readonly #limits: MediaLimits;
  readonly #tempRoot: string;
  #defaults: Promise<void> | null = null;

  constructor(deps: {
    db: Kysely<Database>;
    queue: JobQueue;
    users: UserRepository;
    storage: BlobStorage;
    limits: MediaLimits;
    tempRoot: string;
  }) {
    this.#db = deps.db;
    this.#queue = deps.queue;
    this.#users = deps.users;
    this.#storage = deps.storage;
    this.#limits = {
      ...deps.limits,
      maxBytes: Math.min(deps.limits.maxBytes, AVATAR_MAX_BYTES),
      maxPixelsPerFrame: Math.min(deps.limits.maxPixelsPerFrame, AVATAR_MAX_PIXELS_PER_FRAME),
    };
    this.#tempRoot = deps.tempRoot;
  }

  /**
   * Accepts the image at `file` as the user's next avatar (throws MediaError on a bad image,
   * changing nothing): stores it and queues its render; the avatar changes when the job ends.
   */
  async submit(userId: string, file: { path: string; filename: string | null }): Promise<void> {
    const inspected = await inspectSource(file.path, {
      filename: file.filename,
      limits: this.#limits,
    });
    // renderAvatar refuses video too, but only in the job: say so now, with nothing queued.
    if (inspected.probe.kind !== 'image') {
      throw new MediaError('unsupported_media_type', 'An avatar must be a GIF, WebP or PNG image.');
    }
    const key = inspected.sha256.slice(0, 16);
    await this.#storage.putFile(sourceKey(userId, key), file.path);
    try {
      await this.#db.transaction().execute(async (trx) => {
        await this.#users.setAvatarPending(userId, key, trx);
        await this.#queue.enqueue({ name: 'avatar.render', data: { userId, key } }, trx);
      });
    } catch (error) {
      await this.#storage.deletePrefix(sourceKey(userId, key));
      throw error;
    }
    this.#queue.wake();
  }

  /**
   * The `avatar.render` job: renders the pending upload `key` and makes it the avatar, unless a
   * newer upload or a reset superseded it. A media problem ends it with the code recorded.
   */
  async render(userId: string, key: string): Promise<JobOutcome> {
    const user = await this.#users.findById(userId);
    if (user?.avatar_pending_key !== key) {
      await this.#storage.deletePrefix(sourceKey(userId, key));
      return 'skipped';
    }
    const dir = await this.#tempDir();
    try {
      const source = path.join(dir, 'source');
      await this.#storage.getToFile(sourceKey(userId, key), source);
      await this.#renderAndStore(
        source,
        await probe(source, this.#limits),
        `avatars/${userId}/${key}`,
      );
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      await this.fail(userId, key, error.code);
      return 'failed';
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
    const finished = await this.#users.finishAvatar(userId, key);
    if (finished === false) {
      // Superseded: its files go, unless they are also the current avatar's (the same image).
      const current = (await this.#users.findById(userId))?.avatar_key;
      if (current !== key) await this.#storage.deletePrefix(`avatars/${userId}/${key}`);
    } else if (finished.previous && finished.previous !== key) {
      await this.#storage.deletePrefix(`avatars/${userId}/${finished.previous}`);
    }
    await this.#storage.deletePrefix(sourceKey(userId, key));
    return finished === false ? 'skipped' : 'success';
  }

  /** Ends the render of `key` as failed with `code` (also the queue's give-up). */
  async fail(userId: string, key: string, code: string): Promise<void> {
    await this.#users.failAvatar(userId, key, code);
    await this.#storage.deletePrefix(sourceKey(userId, key));
  }

  /**
   * Removes avatar files a crash left behind, once older than `olderThanMs` (epoch ms): sources
   * stored for an upload whose row was never committed (or whose render ended without cleaning
   * up), and rendered sets of a user that are neither the avatar nor the pending one. Returns how
   * many files went. The defaults (`avatars/default<n>`, no user of that id) are never touched.
   */
  async removeOrphanFiles(olderThanMs: number): Promise<number> {
    const candidates = new Map<string, { userId: string; key: string; files: string[] }>();
    for (const prefix of ['avatar-sources', 'avatars']) {
      for (const blob of await this.#storage.list(prefix)) {
        // avatar-sources/<user>/<key>, avatars/<user>/<key>.gif, avatars/<user>/<key>/80h.gif
        const [, userId, name] = blob.key.split('/');
        if (!userId || !name || blob.modifiedAt.getTime() > olderThanMs) continue;
        const key = name.replace(/\.gif$/, '');
        const id = `${prefix}/${userId}/${key}`;
        const entry = candidates.get(id) ?? { userId, key, files: [] };
        entry.files.push(blob.key);
        candidates.set(id, entry);
      }
    }
    const userIds = [...new Set([...candidates.values()].map((c) => c.userId))];
    const users = new Map((await this.#users.findByIds(userIds)).map((u) => [u.id, u]));
    let removed = 0;
    for (const { userId, key, files } of candidates.values()) {
      const user = users.get(userId);
      if (!user || user.avatar_key === key || user.avatar_pending_key === key) continue;
      for (const file of files) await this.#storage.delete(file);
      removed += files.length;
    }
    return removed;
  }

  /** Back to a default avatar. */
  async clear(userId: string): Promise<void> {
    const previous = (await this.#users.findById(userId))?.avatar_key ?? null;
    // Also ends a render in progress: its job finds it is no longer pending.
    await this.#users.setAvatarKey(userId, null);
    if (previous) await this.#storage.deletePrefix(`avatars/${userId}/${previous}`);
  }

  /** Draws the five default avatars once (a plain face on a brand colour), locally, no network. */
  ensureDefaults(): Promise<void> {
    this.#defaults ??= this.#drawDefaults().catch((error: unknown) => {
      this.#defaults = null; // let a later request try again
      throw error;
    });
    return this.#defaults;
  }

  async #drawDefaults(): Promise<void> {
    for (let n = 1; n <= DEFAULT_AVATAR_COUNT; n++) {
      const prefix = `avatars/default${n}`;
      if (await this.#storage.stat(`${prefix}/200w.gif`)) continue;
      const dir = await this.#tempDir();
      try {
        const source = path.join(dir, 'source.png');
        await sharp(Buffer.from(defaultAvatarSvg(DEFAULT_COLOURS[n - 1]!)))
          .png()
          .toFile(source);
        await this.#renderAndStore(source, await probe(source, this.#limits), prefix);
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    }
  }

  async #renderAndStore(
    source: string,
    probed: Awaited<ReturnType<typeof probe>>,
    prefix: string,
  ): Promise<void> {
    const outDir = await this.#tempDir();
    try {
      const files = await renderAvatar({ source, probe: probed, outDir, limits: this.#limits });
      // The 200w file goes last: ensureDefaults takes its presence to mean the set is complete.
      const last = files.filter((f) => f.variant === '200w');
      for (const file of [...files.filter((f) => f.variant !== '200w'), ...last]) {
        await this.#storage.putFile(`${prefix}/${file.variant}.gif`, file.path);
      }
    } finally {
      await fsp.rm(outDir, { recursive: true, force: true });
    }
  }

  async #tempDir(): Promise<string> {
    const dir = path.join(this.#tempRoot, `avatar-${randomUUID()}`);
    await fsp.mkdir(dir, { recursive: true });
    return dir;
  }
}

function defaultAvatarSvg(colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="${colour}"/>
  <circle cx="128" cy="104" r="48" fill="#121212"/>
  <ellipse cx="128" cy="236" rx="88" ry="72" fill="#121212"/>
</svg>`;
}
