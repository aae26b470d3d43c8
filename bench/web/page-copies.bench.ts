// bench/web page copies: what parts of the home page cost its first GIF's paint. Copies of the
// live page, cut in different ways, are served from a bare route on the same origin (anything
// else, scripts included, is passed through to Jiffy) and loaded interleaved with the bare
// `<img>` page of bench/web; the images still come from Jiffy. Medians of the painted clock.
//
//   node bench/web/page-copies.bench.ts           # desktop; TRACE_DEVICE=phone for the phone
import Fastify from 'fastify';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.ts';
import { startBenchJiffy, uploadReadyGifs } from '../support/bench-jiffy.ts';
import { bareImagePage } from './bare-page.ts';
import { DESKTOP, PHONE } from './devices.ts';
import { firstGifPaintedMs, median } from './painted-clock.ts';

const runs = Number(process.env.BENCH_RUNS ?? 9);
const device = process.env.TRACE_DEVICE === 'phone' ? PHONE : DESKTOP;
const TILE = /<a class="jiffy-gif"[^]*?<\/a>/g;

const { jiffy, origin } = await startBenchJiffy('web-copies');
await uploadReadyGifs(
  jiffy,
  Array.from({ length: 24 }, (_, i) => ({ width: 240 + (i % 4) * 40, height: 180, frames: 6 })),
);
const page = await (await fetch(`${origin}/`)).text();
const withoutData = (html: string) =>
  html.replace(/<script id="jiffy-first-page"[^]*?<\/script>/, '');
const withoutScripts = (html: string) => html.replace(/<script type="module"[^]*?<\/script>/, '');
/** Only the first `n` tiles of the grid. */
const firstTiles = (html: string, n: number) => {
  let i = 0;
  return html.replace(TILE, (tile) => (++i > n ? '' : tile));
};
/** Every tile, but those after the first `n` get their images once the first is decoded. */
const heldAfter = (html: string, n: number) => {
  let i = 0;
  const held = html.replace(TILE, (tile) =>
    ++i > n ? tile.replace(/ (src|srcset)="/g, ' data-$1="') : tile,
  );
  const release = `<script>(()=>{const go=()=>requestAnimationFrame(()=>setTimeout(()=>{for(const e of document.querySelectorAll('[data-src],[data-srcset]')){if(e.dataset.srcset)e.srcset=e.dataset.srcset;if(e.dataset.src)e.src=e.dataset.src}}));document.querySelector('.jiffy-gif img').decode().then(go,go)})()</script>`;
  return held.replace('</body>', `${release}</body>`);
};
/** Tiles after the first `n` loaded lazily (the browser's own: they load after the first layout). */
const lazyAfter = (html: string, n: number) => {
  let i = 0;
  return html.replace(TILE, (tile) =>
    ++i > n && !tile.includes('loading="lazy"')
      ? tile.replace(' fetchpriority="high"', '').replace(/<img /, '<img loading="lazy" ')
      : tile,
  );
};
const static_ = withoutScripts(withoutData(page));
const copies: Record<string, string> = {
  'the page as sent': page,
  'as sent, lazy after the first tile': lazyAfter(page, 1),
  'as sent, lazy after 2 tiles': lazyAfter(page, 2),
  'as sent, lazy after 4 tiles': lazyAfter(page, 4),
  'no site script, no data': static_,
  'and only the first tile': firstTiles(static_, 1),
  'and only the first 4 tiles': firstTiles(static_, 4),
  'and only the first 8 tiles': firstTiles(static_, 8),
  'all tiles, all but the first held': heldAfter(static_, 1),
};

const browser = await launchChromium();
const probe = await browser.newContext(device);
const probeTab = await probe.newPage();
await probeTab.goto(`${origin}/`, { waitUntil: 'load' });
const firstSrc = await probeTab
  .locator('.gif-grid .jiffy-gif img')
  .first()
  .evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
await probe.close();

const names = Object.keys(copies);
const server = Fastify();
server.get<{ Querystring: { copy?: string } }>('/', (request, reply) =>
  reply
    .type('text/html')
    .send(
      request.query.copy === undefined
        ? bareImagePage(firstSrc)
        : copies[names[Number(request.query.copy)]!],
    ),
);
// The site's scripts and API calls, same-origin as the page copies ask for them.
server.get('/*', async (request, reply) => {
  const answer = await fetch(origin + request.url);
  reply.status(answer.status);
  for (const [name, value] of answer.headers)
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
      reply.header(name, value);
  return reply.send(Buffer.from(await answer.arrayBuffer()));
});
const base = await server.listen({ port: 0, host: '127.0.0.1' });

async function paintedMs(browserInstance: Browser, url: string): Promise<number> {
  const context = await browserInstance.newContext(device);
  const tab = await context.newPage();
  await tab.goto(url, { waitUntil: 'commit' });
  const painted = await firstGifPaintedMs(tab);
  await context.close();
  return painted;
}

const bare: number[] = [];
const loads = names.map(() => [] as number[]);
for (let run = 0; run < runs; run++) {
  bare.push(await paintedMs(browser, `${base}/`));
  for (const [i] of names.entries()) loads[i]!.push(await paintedMs(browser, `${base}/?copy=${i}`));
}
await browser.close();
await server.close();
await jiffy.close();

console.log(`First GIF painted, median of ${runs}, ${process.env.TRACE_DEVICE ?? 'desktop'}:`);
console.log('| page | painted | vs bare |\n|---|---:|---:|');
console.log(`| the bare <img> page | ${median(bare)} ms | 1.00x |`);
for (const [i, name] of names.entries())
  console.log(
    `| ${name} | ${median(loads[i]!)} ms | ${(median(loads[i]!) / median(bare)).toFixed(2)}x |`,
  );
