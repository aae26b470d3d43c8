// bench/web: how long the home page takes to show its first GIFs in headless Chromium (a new
// browser context each load, so nothing is cached), next to a bare page holding only the same
// first GIF's <img>, served by a bare Fastify route in the same run. Medians over the runs.
import Fastify from 'fastify';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.ts';
import { startBenchJiffy, uploadReadyGifs } from '../support/bench-jiffy.ts';

const runs = Number(process.env.BENCH_RUNS ?? 9);
const GIFS = 24;
const BUDGET_MS = 1000;
const VIEWPORT = { width: 1280, height: 900 };

const { jiffy, origin } = await startBenchJiffy('web');
// A trending feed of GIFs of mixed shapes, as the home page shows it.
await uploadReadyGifs(
  jiffy,
  Array.from({ length: GIFS }, (_, i) => ({ width: 240 + (i % 4) * 40, height: 180, frames: 6 })),
);

/** Milliseconds from navigation until `selector` matches a loaded image inside the viewport. */
async function firstImageMs(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const tab = await context.newPage();
  const started = Date.now();
  await tab.goto(url, { waitUntil: 'commit' });
  await tab.waitForFunction(
    (css) =>
      [...document.querySelectorAll<HTMLImageElement>(css)].some((img) => {
        const box = img.getBoundingClientRect();
        return img.complete && img.naturalWidth > 0 && box.top < innerHeight && box.height > 0;
      }),
    selector,
    { polling: 5 },
  );
  const ms = Date.now() - started;
  await context.close();
  return ms;
}

const browser = await launchChromium();
// The first tile's image, as the site shows it, makes the bare page.
const probe = await browser.newPage({ viewport: VIEWPORT });
await probe.goto(origin);
const tile = probe.locator('.gif-grid .jiffy-gif img').first();
await tile.waitFor();
const firstSrc = await tile.evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
await probe.close();
const bare = Fastify();
bare.get('/', (_request, reply) =>
  reply
    .type('text/html')
    .send(`<!doctype html><body style="margin:0"><img src="${firstSrc}"></body>`),
);
const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const bareTimes: number[] = [];
const homeTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  bareTimes.push(await firstImageMs(browser, bareOrigin, 'img'));
  homeTimes.push(await firstImageMs(browser, `${origin}/`, '.gif-grid .jiffy-gif img'));
}
await browser.close();
await bare.close();
await jiffy.close();

const home = median(homeTimes);
const baseline = median(bareTimes);
console.log(
  `\nFirst GIF visible in Chromium, ${VIEWPORT.width}x${VIEWPORT.height}, median of ${runs} (new context each):`,
);
console.log(`  bare <img> page   ${baseline} ms`);
console.log(`  home page /       ${home} ms (${(home / baseline).toFixed(2)}x)`);
console.log(`  budget ${BUDGET_MS} ms: ${home <= BUDGET_MS ? 'within' : 'OVER'}`);
console.log(`  all home loads (ms): ${homeTimes.join(', ')}`);
process.exitCode = home <= BUDGET_MS ? 0 : 1;
