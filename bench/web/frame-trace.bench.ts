// bench/web frame trace: the main thread's work before a page's first GIF is painted, from a
// Chromium trace (CDP) of single loads: HTML parse, style, layout, pre-paint and paint, summed
// up to the first GIF's paint. Pages: the live one at TRACE_PATH, and the bare `<img>` page.
// With SHOTS_DIR set it also saves screenshots of `/` and `/search/bench` on both devices.
//
//   node bench/web/frame-trace.bench.ts      # TRACE_DEVICE=phone, BENCH_RUNS=3, TRACE_PATH=/
import { writeFile } from 'node:fs/promises';
import { launchChromium } from '../../e2e/support/browser.ts';
import { startBenchJiffy, uploadReadyGifs } from '../support/bench-jiffy.ts';
import { firstTileSource, serveBarePage } from './bare-page.ts';
import { DESKTOP, PHONE } from './devices.ts';
import { PHASES, tracedLoad } from './main-thread-trace.ts';

const loads = Number(process.env.BENCH_RUNS ?? 3);
const path = process.env.TRACE_PATH ?? '/';
const device = process.env.TRACE_DEVICE === 'phone' ? PHONE : DESKTOP;
const shots = process.env.SHOTS_DIR;

const { jiffy, origin } = await startBenchJiffy('web-frame-trace');
await uploadReadyGifs(
  jiffy,
  Array.from({ length: 24 }, (_, i) => ({ width: 240 + (i % 4) * 40, height: 180, frames: 6 })),
);
const browser = await launchChromium();
if (shots) {
  for (const [name, dev] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    for (const page of ['/', '/search/bench']) {
      const context = await browser.newContext(dev);
      const tab = await context.newPage();
      await tab.goto(origin + page, { waitUntil: 'load' });
      await tab.waitForTimeout(1500);
      const file = `${shots}/${name}${page.replace(/\//g, '_')}.png`;
      await tab.screenshot({ path: file, fullPage: true });
      await writeFile(`${file}.html`, await (await fetch(origin + page)).text());
      await context.close();
    }
}
const firstSrc = await firstTileSource(browser, device, origin + path);
const { url: bareUrl, close: closeBare } = await serveBarePage(firstSrc);

for (let i = 0; i < loads; i++) {
  for (const url of [origin + path, bareUrl]) {
    const { painted, phases } = await tracedLoad(browser, device, url);
    const sums = PHASES.map((phase, j) => `${phase} ${phases[j]!.toFixed(1)} ms`);
    console.log(`${url === bareUrl ? 'bare' : path}: painted ${painted} ms | ${sums.join(' | ')}`);
  }
}
await browser.close();
await closeBare();
await jiffy.close();
