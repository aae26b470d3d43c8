import './start-with-memory-settings.ts';
import path from 'node:path';
import { resolveFfmpeg } from '@jiffy/media';
import { parseRole } from './cli/args.ts';
import { loadConfig } from './config/env.ts';
import { createJiffy } from './jiffy.ts';
import { describeStorage } from '../platform/storage/create-blob-storage.ts';
import { seedDemoLibrary } from './seed/seed-demo.ts';
import { startMemoryReport } from './memory-report.ts';
import { trimGlibcHeap } from '../platform/memory/glibc-heap.ts';
import { IdleHeapTrimmer } from '../platform/memory/idle-heap-trimmer.ts';
import { emptyImageCache } from '../platform/memory/image-cache.ts';

// `npm start`: Jiffy with the embedded defaults (or whatever the environment configures).
const config = loadConfig();
const role = parseRole(process.argv.slice(2));
const jiffy = await createJiffy({ config, role });
const { log } = jiffy;
if (config.MEMORY_REPORT_FILE) {
  startMemoryReport({
    file: config.MEMORY_REPORT_FILE,
    intervalMs: 1000,
    database: jiffy.database,
    caches: jiffy.services.caches,
  });
}

// What rendering freed goes back to the system once the server is quiet again.
new IdleHeapTrimmer({
  trim: () => {
    emptyImageCache();
    trimGlibcHeap();
  },
}).start();

const ffmpeg = await resolveFfmpeg();
log.info(
  { ffmpeg: ffmpeg.ffmpegPath, ffprobe: ffmpeg.ffprobePath, version: ffmpeg.version },
  `using ${ffmpeg.source} ffmpeg`,
);
if (ffmpeg.source === 'bundled') {
  // The 2018 static build decodes hostile uploads with six years of unfixed decoder bugs.
  log.warn(
    'no system ffmpeg with libx264 found: using the bundled 2018 build to decode uploads; ' +
      'install your system ffmpeg (e.g. `apt-get install ffmpeg`) for current security fixes',
  );
}

const address = await jiffy.listen();
const engine =
  jiffy.database.engine === 'pglite'
    ? `embedded PostgreSQL in ${config.dbDir}`
    : 'PostgreSQL server';
console.log(
  [
    '',
    `  Jiffy is running (${role}) on ${engine}`,
    role === 'worker'
      ? `  ➜ ${address} (health, readiness and metrics only)`
      : `  ➜ ${config.publicUrl}`,
    `  ➜ public API key: ${jiffy.defaultApiKey}`,
    `  ➜ media in ${describeStorage(config)}`,
    '',
  ]
    .filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1)
    .join('\n'),
);

if (config.SEED_DEMO && role !== 'api') {
  seedDemoLibrary({
    services: jiffy.services,
    tempRoot: path.join(config.DATA_DIR, 'tmp'),
    log: (message, extra) => log.info(extra ?? {}, message),
  }).catch((error: unknown) => log.error({ err: error }, 'demo seeding failed'));
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: stopping`);
    jiffy.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  });
}
