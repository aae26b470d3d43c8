// bench/seed: what the demo clips add to a fresh instance's first start. The library without
// its clips (the baseline) and the clips alone are seeded into two fresh instances in one run,
// each timed until every item is ready and until every rendition is made; the worker handles
// one job at a time, so the clips' time adds to the baseline's. Render times per item (drawing
// and encoding the source files) are medians over the catalog.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { envSchema, resolveConfig } from '../../apps/server/src/app/config/env.ts';
import { createJiffy } from '../../apps/server/src/app/jiffy.ts';
import { demoCatalog } from '../../apps/server/src/app/seed/demo-catalog.ts';
import type { DemoItem } from '../../apps/server/src/app/seed/demo-catalog-types.ts';
import { renderDemoItem } from '../../apps/server/src/app/seed/demo-sources.ts';
import { seedDemoLibrary } from '../../apps/server/src/app/seed/seed-demo.ts';

interface Timing {
  items: number;
  queuedMs: number;
  readyMs: number;
  completeMs: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Seeds `catalog` into a fresh embedded instance and times it to ready and to complete. */
async function timeSeed(name: string, catalog: readonly DemoItem[]): Promise<Timing> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `jiffy-bench-seed-${name}-`));
  const config = resolveConfig(
    envSchema.parse({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      QUEUE_MAINTENANCE_SECONDS: '1',
    }),
  );
  const jiffy = await createJiffy({ config, role: 'all', inMemoryDatabase: true });
  try {
    const stats = async () =>
      (await jiffy.app.inject('/api/v1/instance/stats')).json<{
        data: { gifs: { processing: number; failed: number }; renditions_pending: number };
      }>().data;
    const start = performance.now();
    await seedDemoLibrary({
      services: jiffy.services,
      tempRoot: path.join(dataDir, 'tmp'),
      log: () => undefined,
      catalog,
    });
    const queuedMs = performance.now() - start;
    let readyMs = 0;
    for (;;) {
      const s = await stats();
      if (s.gifs.failed > 0) throw new Error(`${name}: ${s.gifs.failed} items failed`);
      if (!readyMs && s.gifs.processing === 0) readyMs = performance.now() - start;
      if (readyMs && s.renditions_pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { items: catalog.length, queuedMs, readyMs, completeMs: performance.now() - start };
  } finally {
    await jiffy.close();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

const catalog = demoCatalog();
const clips = catalog.filter((i) => i.kind === 'clip');
const rest = catalog.filter((i) => i.kind !== 'clip');

const renderMs = async (items: readonly DemoItem[]): Promise<number> => {
  const times: number[] = [];
  for (const item of items) {
    const start = performance.now();
    await renderDemoItem(item);
    times.push(performance.now() - start);
  }
  return median(times);
};
const renderRest = await renderMs(rest);
const renderClip = await renderMs(clips);

const baseline = await timeSeed('baseline', rest);
const added = await timeSeed('clips', clips);

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const row = (label: string, t: Timing) =>
  `${label.padEnd(34)} ${String(t.items).padStart(5)}  ${s(t.queuedMs).padStart(8)}  ${s(t.readyMs).padStart(8)}  ${s(t.completeMs).padStart(9)}`;
console.log(
  `render, median per item: GIF/sticker ${renderRest.toFixed(0)} ms, clip ${renderClip.toFixed(0)} ms (${(renderClip / renderRest).toFixed(1)}x)`,
);
console.log(`${'seed'.padEnd(34)} items    queued     ready  complete`);
console.log(row('baseline: GIFs + stickers', baseline));
console.log(row('the clips alone', added));
const after = baseline.completeMs + added.completeMs;
console.log(
  `whole library to complete: ${s(baseline.completeMs)} → ~${s(after)} (x${(after / baseline.completeMs).toFixed(2)}); ` +
    `per item to complete: ${s(baseline.completeMs / baseline.items)} vs clip ${s(added.completeMs / added.items)}`,
);
