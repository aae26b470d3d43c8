// bench/embed: what a visitor's browser fetches before the embedded GIF shows (HTML + JS + CSS,
// gzipped) and the time to its first video frame in Chromium, next to a bare page holding only
// the same <video> tag, served by a bare Fastify route in the same run. Medians over the runs.
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { launchChromium } from '../../e2e/support/browser.ts';
import { startBenchJiffy, uploadReadyGifs } from '../support/bench-jiffy.ts';

const runs = Number(process.env.BENCH_RUNS ?? 9);
const BUDGET_GZIP_BYTES = 25 * 1024;

const { jiffy, origin } = await startBenchJiffy('embed');
const [id] = await uploadReadyGifs(jiffy, [{ width: 480, height: 270, frames: 12 }]);

// What the player page makes the browser fetch before the GIF shows (media excluded).
const gz = async (path: string) => {
  const body = Buffer.from(await (await fetch(`${origin}${path}`)).arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
};
const page = await gz(`/embed/${id}`);
const script = await gz('/embed-assets/embed.js');
// The stylesheet is inlined in the page; count it separately only if the page links it.
const pageHtml = await (await fetch(`${origin}/embed/${id}`)).text();
const linked = pageHtml.includes('/embed-assets/embed.css');
const style = linked ? await gz('/embed-assets/embed.css') : { raw: 0, gzip: 0 };
const totalGzip = page.gzip + script.gzip + style.gzip;

// The baseline: a bare page with only the video tag the player renders.
const html = await (await fetch(`${origin}/embed/${id}`)).text();
const videoTag = /<video[\s\S]*?<\/video>/.exec(html)![0];
const bare = Fastify();
bare.get('/', (_request, reply) =>
  reply.type('text/html').send(`<!doctype html><body style="margin:0">${videoTag}</body>`),
);
const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });

const browser = await launchChromium();
async function firstFrameMs(url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 480, height: 480 } });
  const tab = await context.newPage();
  const started = Date.now();
  await tab.goto(url, { waitUntil: 'commit' });
  await tab.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return !!video && video.readyState >= 2 && video.currentTime > 0;
    },
    undefined,
    { polling: 5 },
  );
  const ms = Date.now() - started;
  await context.close();
  return ms;
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const bareTimes: number[] = [];
const embedTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  bareTimes.push(await firstFrameMs(bareOrigin));
  embedTimes.push(await firstFrameMs(`${origin}/embed/${id}`));
}
await browser.close();
await bare.close();
await jiffy.close();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\nPlayer page before the GIF shows (gzip level 6):`);
console.log(
  `  HTML ${kb(page.gzip)} (${kb(page.raw)} raw${linked ? '' : ', stylesheet inlined'}), JS ${kb(script.gzip)} (${kb(script.raw)})${linked ? `, CSS ${kb(style.gzip)} (${kb(style.raw)})` : ''}`,
);
console.log(
  `  total ${kb(totalGzip)} of a ${kb(BUDGET_GZIP_BYTES)} budget: ${totalGzip <= BUDGET_GZIP_BYTES ? 'within' : 'OVER'}`,
);
console.log(`\nTime to first video frame in Chromium, median of ${runs} (new context each):`);
console.log(`  bare <video> page  ${median(bareTimes)} ms`);
console.log(
  `  /embed/:id         ${median(embedTimes)} ms (${(median(embedTimes) / median(bareTimes)).toFixed(2)}x)`,
);
