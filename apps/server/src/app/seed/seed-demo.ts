import fs from 'node:fs/promises';
import path from 'node:path';
import { newUserId } from '../../platform/lib/ids.ts';
import { withTempDir } from '../../platform/lib/temp-dir.ts';
import type { Services } from '../services.ts';
import { demoCatalog, demoUsers, type DemoItem } from './demo-catalog.ts';
import { renderDemoLibrary } from './demo-sources.ts';

const PROGRESS_KEY = 'demo_seed';

interface SeedProgress {
  /** Catalog items already uploaded, in catalog order. */
  uploaded: number;
  done: boolean;
}

/**
 * Seeds the demo library once per instance: the demo creators, then every catalog item through
 * the same upload path as a real upload. Progress is saved after each item, so a stop part-way
 * resumes where it was and a finished seed is never repeated.
 */
export async function seedDemoLibrary(options: {
  services: Pick<Services, 'settings' | 'uploads' | 'users'>;
  tempRoot: string;
  log: (message: string, extra?: Record<string, unknown>) => void;
  /** What to seed; the whole `demoCatalog()` unless a test or bench seeds a part of it. */
  catalog?: readonly DemoItem[];
}): Promise<number> {
  // Resolves to the number of items uploaded by this call.
  const { services, log } = options;
  const progress = (await services.settings.get<SeedProgress>(PROGRESS_KEY)) ?? {
    uploaded: 0,
    done: false,
  };
  if (progress.done) return 0;

  for (const user of demoUsers) {
    if (await services.users.findByUsername(user.username)) continue;
    await services.users.insert({
      id: newUserId(),
      username: user.username,
      display_name: user.displayName,
      description: user.bio,
      is_verified: user.isVerified,
      role: 'creator',
    });
  }

  const catalog = options.catalog ?? demoCatalog();
  const total = catalog.length;
  const alreadyUploaded = progress.uploaded;
  log('seeding demo library', { total, alreadyUploaded });
  await withTempDir(options.tempRoot, async (dir) => {
    const remaining = catalog.slice(alreadyUploaded);
    for await (const { item, filename, bytes } of renderDemoLibrary({ items: remaining })) {
      const filePath = path.join(dir, filename);
      await fs.writeFile(filePath, bytes);
      await services.uploads.createFromFile({
        tempPath: filePath,
        filename,
        uploaderId: null,
        asInstance: true,
        input: {
          title: item.title,
          tags: item.tags,
          sourcePostUrl: null,
          // A clip goes in as a plain upload: its sound track is what makes it a video.
          isSticker: item.kind === 'sticker',
          rating: item.rating,
          altText: item.title,
          username: item.username,
          lang: 'en',
        },
      });
      await fs.rm(filePath, { force: true });
      progress.uploaded += 1;
      await services.settings.set(PROGRESS_KEY, progress);
    }
  });
  progress.done = true;
  await services.settings.set(PROGRESS_KEY, progress);
  log('demo library queued', { items: total });
  return progress.uploaded - alreadyUploaded;
}
