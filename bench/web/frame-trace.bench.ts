// bench/web frame trace: the main thread's work before a page's first GIF is painted, from a
// Chromium trace (CDP) of single loads: HTML parse, style, layout, pre-paint and paint, summed
// up to the first GIF's paint. Pages: the live one at TRACE_PATH, and the bare `<img>` page.
// With SHOTS_DIR set it also saves screenshots of `/` and `/search/bench` on both devices.
//
//   node bench/web/frame-trace.bench.ts      # TRACE_DEVICE=phone, BENCH_RUNS=3, TRACE_PATH=/
import { writeFile } from 'node:fs/promises';
import { DESKTOP, PHONE } from './devices.ts';
import { PHASES, tracedLoad } from './main-thread-trace.ts';
import { startPageProbe } from './page-probe.ts';

const shots = process.env.SHOTS_DIR;
const { loads, path, device, origin, browser, bareUrl, close } = await startPageProbe(
  'web-frame-trace',
  3,
);
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

for (let i = 0; i < loads; i++) {
  for (const url of [origin + path, bareUrl]) {
    const { painted, phases } = await tracedLoad(browser, device, url);
    const sums = PHASES.map((phase, j) => `${phase} ${phases[j]!.toFixed(1)} ms`);
    console.log(`${url === bareUrl ? 'bare' : path}: painted ${painted} ms | ${sums.join(' | ')}`);
  }
}
await close();
