import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  makeAnimatedGif,
  makeAnimatedWebp,
  makeMp4,
  writeTruncatedGif,
} from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { nodeChildEnv } from './support/server-process.ts';
import { migratedEmbeddedDatabase, serverDatabaseEnv } from './support/test-database.ts';

const run = promisify(execFile);
const IMPORT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src/app/cli/import.ts',
);

// `npm run import -- <folder>`: every GIF/MP4/WebP in the folder, titled and tagged from its name.
describe('bulk import from a folder', () => {
  let dataDir: string;
  let folder: string;
  const database = serverDatabaseEnv();

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-import-'));
    await migratedEmbeddedDatabase(dataDir);
    folder = path.join(dataDir, 'incoming');
    await fs.mkdir(folder);
    await makeAnimatedGif({
      path: path.join(folder, 'happy-dance.gif'),
      width: 120,
      height: 90,
      frames: 4,
    });
    await makeAnimatedWebp({
      path: path.join(folder, 'cat_wave 2.webp'),
      width: 100,
      height: 100,
      frames: 3,
    });
    await makeMp4({
      path: path.join(folder, 'Rocket Launch.mp4'),
      width: 160,
      height: 90,
      seconds: 1,
    });
    // The generator leaves its intact source beside the truncated file, so write it elsewhere.
    await fs.copyFile(
      await writeTruncatedGif(path.join(dataDir, 'broken.gif')),
      path.join(folder, 'broken.gif'),
    );
    await fs.writeFile(path.join(folder, 'readme.txt'), 'not media');
  });
  afterAll(async () => {
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('queues and processes every media file, skipping what fails its checks', async () => {
    const { stdout } = await run(process.execPath, [IMPORT, folder], {
      env: {
        ...process.env,
        ...nodeChildEnv,
        ...database.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
      timeout: 120_000,
    });
    expect(stdout).toContain('3 queued, 1 skipped');
    expect(stdout).toContain('3 ready, 0 failed');

    const handle = await openDatabase({
      url: database.env.DATABASE_URL,
      dataDir: path.join(dataDir, 'db'),
      schema: database.env.DATABASE_SCHEMA,
    });
    try {
      const rows = await handle.db
        .selectFrom('gifs')
        .select(['title', 'tags', 'status', 'source_format'])
        .orderBy('title')
        .execute();
      expect(rows).toEqual([
        { title: 'Cat Wave', tags: ['cat', 'wave'], status: 'ready', source_format: 'webp' },
        { title: 'Happy Dance', tags: ['happy', 'dance'], status: 'ready', source_format: 'gif' },
        {
          title: 'Rocket Launch',
          tags: ['rocket', 'launch'],
          status: 'ready',
          source_format: 'mp4',
        },
      ]);
    } finally {
      await handle.close();
    }
  }, 180_000);
});
