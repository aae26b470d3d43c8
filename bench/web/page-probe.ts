import { launchChromium } from '../../e2e/support/browser.ts';
import { startBenchJiffy, uploadReadyGifs } from '../support/bench-jiffy.ts';
import { firstTileSource, serveBarePage } from './bare-page.ts';
import { DESKTOP, PHONE } from './devices.ts';

/** The 24 GIFs of bench/web's instance (four widths, so the columns are uneven). */
export const BENCH_GIFS = Array.from({ length: 24 }, (_, i) => ({
  width: 240 + (i % 4) * 40,
  height: 180,
  frames: 6,
}));

/**
 * What bench/web's probes of one page share: a bench instance with its 24 GIFs, Chromium, the
 * page (TRACE_PATH, `/` by default) on one device (TRACE_DEVICE=phone, else desktop), and the
 * bare `<img>` page of the image that page's first tile shows. BENCH_RUNS loads, or `loads`.
 */
export async function startPageProbe(name: string, loads: number) {
  const path = process.env.TRACE_PATH ?? '/';
  const device = process.env.TRACE_DEVICE === 'phone' ? PHONE : DESKTOP;
  const { jiffy, origin } = await startBenchJiffy(name);
  await uploadReadyGifs(jiffy, BENCH_GIFS);
  const browser = await launchChromium();
  const firstSrc = await firstTileSource(browser, device, origin + path);
  const bare = await serveBarePage(firstSrc);
  return {
    loads: Number(process.env.BENCH_RUNS ?? loads),
    path,
    device,
    origin,
    browser,
    firstSrc,
    bareUrl: bare.url,
    close: async () => {
      await browser.close();
      await bare.close();
      await jiffy.close();
    },
  };
}
