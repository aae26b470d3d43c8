import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { probe, renderAvatar, type MediaLimits } from '@jiffy/media';
import { inspectSource } from '../gifs/source-inspector.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { DEFAULT_AVATAR_COUNT } from './avatar-urls.ts';
import type { UserRepository } from './user.repository.ts';

/** An avatar needs far less than a GIF: 10 MB and 2048×2048 frames at most. */
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_MAX_PIXELS_PER_FRAME = 2048 * 2048;

const DEFAULT_COLOURS = ['#6157ff', '#00ccff', '#00e6cc', '#fff35c', '#ff6666'];

/**
 * Avatars through the media pipeline: the same checks as uploads (sniff, name, header probe,
 * limits), then GIF variants at §9's sizes, stored under `avatars/<user id>/<key>/`.
 */
export class AvatarService {
  readonly #users: UserRepository;
  readonly #storage: BlobStorage;
  readonly #limits: MediaLimits;
  readonly #tempRoot: string;
  #defaults: Promise<void> | null = null;

  constructor(deps: {
    users: UserRepository;
    storage: BlobStorage;
    limits: MediaLimits;
    tempRoot: string;
  }) {
    this.#users = deps.users;
    this.#storage = deps.storage;
    this.#limits = {
      ...deps.limits,
      maxBytes: Math.min(deps.limits.maxBytes, AVATAR_MAX_BYTES),
      maxPixelsPerFrame: Math.min(deps.limits.maxPixelsPerFrame, AVATAR_MAX_PIXELS_PER_FRAME),
    };
    this.#tempRoot = deps.tempRoot;
  }

  /** Replaces the user's avatar with the image at `file`; throws MediaError on a bad image. */
  async set(userId: string, file: { path: string; filename: string | null }): Promise<void> {
    const inspected = await inspectSource(file.path, {
      filename: file.filename,
      limits: this.#limits,
    });
    const key = inspected.sha256.slice(0, 16);
    await this.#renderAndStore(file.path, inspected.probe, `avatars/${userId}/${key}`);
    const previous = (await this.#users.findById(userId))?.avatar_key ?? null;
    await this.#users.setAvatarKey(userId, key);
    if (previous && previous !== key)
      await this.#storage.deletePrefix(`avatars/${userId}/${previous}`);
  }

  /** Back to a default avatar. */
  async clear(userId: string): Promise<void> {
    const previous = (await this.#users.findById(userId))?.avatar_key ?? null;
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
