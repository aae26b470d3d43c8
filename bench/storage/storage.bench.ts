// bench/storage: upload-to-ready time of a demo GIF with media on disk (the baseline) and in an
// S3 bucket (s3rver on loopback), in one run. Both instances run side by side and take turns,
// upload after upload, so load from other work falls on both alike. Times are from the POST
// to "ready" (essential renditions stored) and to "complete" (every rendition stored).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoCatalog } from '../../apps/server/src/app/seed/demo-catalog.ts';
import { renderDemoItem } from '../../apps/server/src/app/seed/demo-sources.ts';
import { multipart } from '../../apps/server/testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../apps/server/testing/test-jiffy.ts';
import type { StorageBackend } from '../../apps/server/testing/test-s3.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** POSTs the file and polls the row every 10 ms: ms to ready, ms to complete. */
async function uploadTimed(t: TestJiffy, name: string, bytes: Buffer) {
  const start = performance.now();
  const response = await t.jiffy.app.inject({
    method: 'POST',
    url: '/v1/gifs',
    ...multipart({ api_key: t.apiKey, title: 'Bench' }, { name, bytes }),
  });
  if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}`);
  const { id } = response.json<{ data: { id: string } }>().data;
  let readyMs = 0;
  for (;;) {
    const gif = await t.jiffy.services.gifRepository.findById(id);
    if (gif?.status === 'failed') throw new Error(`upload ${id} failed: ${gif.failure_code}`);
    if (!readyMs && gif?.status === 'ready') readyMs = performance.now() - start;
    if (readyMs && gif?.renditions_complete)
      return { readyMs, completeMs: performance.now() - start };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const item = demoCatalog().find((entry) => entry.kind === 'gif')!;
const source = await renderDemoItem(item);
const backends: StorageBackend[] = ['local', 's3'];
const jiffies = new Map<StorageBackend, TestJiffy>();
for (const storage of backends)
  jiffies.set(storage, await startTestJiffy({ UPLOADS_PER_HOUR: '10000' }, { storage }));
const times = new Map(
  backends.map((b) => [b, { ready: [] as number[], complete: [] as number[] }]),
);
try {
  // One warm-up each (first sharp/ffmpeg start, first S3 connection), not counted.
  for (const storage of backends)
    await uploadTimed(jiffies.get(storage)!, source.filename, source.bytes);
  for (let round = 0; round < ROUNDS; round++) {
    for (const storage of round % 2 ? [...backends].reverse() : backends) {
      const { readyMs, completeMs } = await uploadTimed(
        jiffies.get(storage)!,
        source.filename,
        source.bytes,
      );
      times.get(storage)!.ready.push(readyMs);
      times.get(storage)!.complete.push(completeMs);
    }
  }
  const stored = await jiffies.get('local')!.jiffy.services.storage.list('gifs');
  const perGif = stored.length / (ROUNDS + 1);
  const dir = path.join(jiffies.get('local')!.dataDir, 'media', 'gifs');
  let bytes = 0;
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  console.log(
    `demo GIF "${item.key}" (${source.filename}, ${(source.bytes.length / 1024).toFixed(0)} KB): ` +
      `${perGif.toFixed(0)} files, ${(bytes / (ROUNDS + 1) / 1024).toFixed(0)} KB stored per upload; ` +
      `${ROUNDS} rounds, medians, ${os.availableParallelism()} cores shared with other work`,
  );
  console.log('storage          to ready    to complete');
  const base = times.get('local')!;
  for (const storage of backends) {
    const { ready, complete } = times.get(storage)!;
    const ratio = (mine: number[], theirs: number[]) =>
      storage === 'local' ? '' : ` (x${(median(mine) / median(theirs)).toFixed(2)})`;
    console.log(
      `${storage.padEnd(12)} ${`${median(ready).toFixed(0)} ms${ratio(ready, base.ready)}`.padStart(
        18,
      )} ${`${median(complete).toFixed(0)} ms${ratio(complete, base.complete)}`.padStart(20)}`,
    );
  }
} finally {
  for (const t of jiffies.values()) await t.stop();
}
