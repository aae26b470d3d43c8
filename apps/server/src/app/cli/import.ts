import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import { createJiffy } from '../jiffy.ts';
import { tagsFromFileName, titleFromFileName } from './file-name-tags.ts';

// `npm run import -- <folder>`: queues every GIF/MP4/WebP (and PNG, WebM, MOV) in a folder.
// Tags and title come from the file name ("happy-dance_cat.gif" → happy, dance, cat).
const IMPORTABLE = /\.(gif|mp4|m4v|webp|png|apng|webm|mov)$/i;

const folder = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!folder) {
  console.error('usage: npm run import -- <folder> [--sticker] [--lang=xx]');
  process.exit(2);
}
const asSticker = process.argv.includes('--sticker');
// The language of the file names' words (search stems them in it); English unless told.
const lang = process.argv.find((a) => a.startsWith('--lang='))?.slice('--lang='.length) ?? 'en';
if (!/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(lang)) {
  console.error(`--lang: "${lang}" is not a language code such as en or pt-BR`);
  process.exit(2);
}
const config = loadConfig();
// The importer queues the work and works it until every file is ready or failed; the renditions
// that are not needed at once are finished by the server afterwards.
const jiffy = await createJiffy({ config, role: 'all' });
const queuedIds: string[] = [];
let rejected = 0;
try {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  for (const entry of entries.filter((e) => e.isFile() && IMPORTABLE.test(e.name)).sort()) {
    const filePath = path.join(folder, entry.name);
    try {
      const { id } = await jiffy.services.uploads.createFromFile({
        tempPath: filePath,
        filename: entry.name,
        uploaderId: null,
        asInstance: true,
        input: {
          title: titleFromFileName(entry.name),
          tags: tagsFromFileName(entry.name),
          sourcePostUrl: null,
          isSticker: asSticker,
          rating: 'g',
          altText: titleFromFileName(entry.name),
          username: null,
          lang,
        },
      });
      queuedIds.push(id);
      console.log(`queued ${entry.name} → ${id}`);
    } catch (error) {
      rejected++;
      console.error(
        `skipped ${entry.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  console.log(`${queuedIds.length} queued, ${rejected} skipped; processing...`);
  const counts = await waitUntilProcessed(queuedIds);
  console.log(`${counts.ready} ready, ${counts.failed} failed`);
} finally {
  await jiffy.close();
}

/** Waits until none of `ids` is still processing; the remaining renditions follow in the server. */
async function waitUntilProcessed(ids: string[]): Promise<{ ready: number; failed: number }> {
  for (;;) {
    const rows = await Promise.all(ids.map((id) => jiffy.services.gifRepository.findById(id)));
    if (rows.every((r) => r?.status !== 'processing')) {
      return {
        ready: rows.filter((r) => r?.status === 'ready').length,
        failed: rows.filter((r) => r?.status === 'failed').length,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
