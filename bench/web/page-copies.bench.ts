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
import { bareImagePage, firstTileSource } from './bare-page.ts';
import { DESKTOP, PHONE } from './devices.ts';
import { PHASES, tracedLoad } from './main-thread-trace.ts';
import { BENCH_GIFS } from './page-probe.ts';
import { firstGifPaintedMs, median, settledTab } from './painted-clock.ts';

const runs = Number(process.env.BENCH_RUNS ?? 9);
const device = process.env.TRACE_DEVICE === 'phone' ? PHONE : DESKTOP;
const TILE = /<a class="jiffy-gif"[^]*?<\/a>/g;

const { jiffy, origin } = await startBenchJiffy('web-copies');
await uploadReadyGifs(jiffy, BENCH_GIFS);
const page = await (await fetch(`${origin}/`)).text();
/** Without the boot loader (the page's one script, which adds the site's after the first GIF). */
const withoutScripts = (html: string) => html.replace(/<script>[^]*?<\/script>/, '');
/** Only the first `n` tiles of the grid. */
const firstTiles = (html: string, n: number) => {
  let i = 0;
  return html.replace(TILE, (tile) => (++i > n ? '' : tile));
};
/** The tiles' column count from media queries on the viewport instead of container queries. */
const mediaQueries = (html: string) =>
  html
    .replace('.first-gifs{container-type:inline-size}', '')
    .replace('@container (width<900px)', '@media (width<932px)')
    .replace('@container (width<500px)', '@media (width<532px)')
    .replaceAll('100cqw', '(min(100vw, 1100px) - 32px)');
/** Every tile's box with `contain: strict` (its size is set; nothing inside needs its layout). */
const contained = (html: string) =>
  html.replace('</style>', '.first-gifs-tiles>.jiffy-gif{contain:strict}</style>');
/** The page's text in the generic `sans-serif` only: no lookup of system-ui or named families. */
const genericFont = (html: string) =>
  html.replace(
    'font:16px/1.45 system-ui,-apple-system,Segoe UI,sans-serif',
    'font:16px/1.45 sans-serif',
  );
const withoutHeader = (html: string) => html.replace(/<a class="skip"[^]*?<\/header>/, '');
const withoutFooter = (html: string) => html.replace(/<footer[^]*?<\/footer>/, '');
const withoutTrendingSearches = (html: string) =>
  html.replace(/<section aria-labelledby="trending-searches">[^]*?<\/section>/, '');
/** The tiles without the site's frame: no header, trending searches or footer. */
const withoutFrame = (html: string) => withoutFooter(withoutTrendingSearches(withoutHeader(html)));
/** Without the tiles the page puts in after its first GIF's paint (its `<noscript>`s). */
const withoutLaterTiles = (html: string) =>
  html.replace(/<noscript><a class="jiffy-gif"[^]*?<\/noscript>/g, '');
/** Without the `<head>`'s preload of the first image (the parser finds it in the first tile). */
const withoutPreload = (html: string) => html.replace(/<link rel="preload" as="image"[^>]*>/, '');
/** Without the inline stylesheet (the page unstyled: what its rules cost the first frame). */
const withoutStylesheet = (html: string) => html.replace(/<style>[^]*?<\/style>/, '');
const all: Record<string, string> = {
  'the page as sent': page,
  'as sent, without its site script': withoutScripts(page),
  'as sent, without header and footer': withoutFrame(page),
  'as sent, without the header': withoutHeader(page),
  'as sent, without the trending searches': withoutTrendingSearches(page),
  'as sent, without the footer': withoutFooter(page),
  'as sent, without the later tiles': withoutLaterTiles(page),
  'the same, and no site script': withoutLaterTiles(withoutScripts(page)),
  'as sent, only the first tile': firstTiles(page, 1),
  'as sent, text in sans-serif only': genericFont(page),
  'as sent, contain: strict on tiles': contained(page),
  'as sent, media queries for the columns': mediaQueries(page),
  'as sent, without the image preload': withoutPreload(page),
  'as sent, without its stylesheet': withoutStylesheet(page),
  'only the first tile: no frame, stylesheet or script': withoutStylesheet(
    withoutScripts(firstTiles(withoutFrame(page), 1)),
  ),
};
// COPIES=0,2,5 picks copies by their place above (all of them by default).
const picked = process.env.COPIES?.split(',').map(Number);
const copies = Object.fromEntries(
  Object.entries(all).filter((_, i) => !picked || picked.includes(i)),
);

const browser = await launchChromium();
const firstSrc = await firstTileSource(browser, device, `${origin}/`);

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
  const tab = await settledTab(browserInstance, device);
  await tab.goto(url, { waitUntil: 'commit' });
  const painted = await firstGifPaintedMs(tab);
  await tab.context().close();
  return painted;
}

// TRACE=1: main-thread time per phase before the paint (medians), instead of the wall clock.
const traced = process.env.TRACE === '1';
const bare: number[] = [];
const loads = names.map(() => [] as number[]);
const phaseLoads = [...names, 'bare'].map(() => PHASES.map(() => [] as number[]));
const load = async (url: string, phaseSlot: number) => {
  if (!traced) return paintedMs(browser, url);
  const { painted, phases } = await tracedLoad(browser, device, url);
  phases.forEach((ms, j) => phaseLoads[phaseSlot]![j]!.push(ms));
  return painted;
};
for (let run = 0; run < runs; run++) {
  bare.push(await load(`${base}/`, names.length));
  for (const [i] of names.entries()) loads[i]!.push(await load(`${base}/?copy=${i}`, i));
}
await browser.close();
await server.close();
await jiffy.close();

console.log(`First GIF painted, median of ${runs}, ${process.env.TRACE_DEVICE ?? 'desktop'}:`);
const phaseHead = traced ? ` ${PHASES.join(' | ')} |` : '';
const phaseCells = (slot: number) =>
  traced ? ` ${phaseLoads[slot]!.map((ms) => median(ms).toFixed(1)).join(' | ')} |` : '';
console.log(
  `| page | painted | vs bare |${phaseHead}\n|---|---:|---:|${traced ? '---:|'.repeat(PHASES.length) : ''}`,
);
console.log(`| the bare <img> page | ${median(bare)} ms | 1.00x |${phaseCells(names.length)}`);
for (const [i, name] of names.entries())
  console.log(
    `| ${name} | ${median(loads[i]!)} ms | ${(median(loads[i]!) / median(bare)).toFixed(2)}x |${phaseCells(i)}`,
  );
