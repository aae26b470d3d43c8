import path from 'node:path';
import type { DemoItem } from '../../apps/server/src/app/seed/demo-catalog.ts';
import { seedDemoLibrary } from '../../apps/server/src/app/seed/seed-demo.ts';
import type { TestJiffy } from '../../apps/server/testing/test-jiffy.ts';

/**
 * Seeds `items` of the demo library as a first start seeds them, and waits until every one has
 * every rendition (the looping MP4s and clips with sound come from the rest phase), as the
 * instance's stats count them.
 */
export async function seedDemoSlice(
  t: TestJiffy,
  items: readonly DemoItem[],
  timeoutMs = 120_000,
): Promise<void> {
  await seedDemoLibrary({
    services: t.jiffy.services,
    tempRoot: path.join(t.dataDir, 'tmp'),
    log: () => undefined,
    catalog: items,
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = (await t.jiffy.app.inject('/api/v1/instance/stats')).json<{
      data: { gifs: { processing: number }; renditions_pending: number };
    }>().data;
    if (stats.gifs.processing === 0 && stats.renditions_pending === 0) return;
    if (Date.now() > deadline) throw new Error('the demo items did not finish processing');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
