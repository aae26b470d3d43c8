import type { Browser, BrowserContextOptions } from 'playwright-core';
import { firstGifPaintedMs, settledTab } from './painted-clock.ts';

/** The renderer's main-thread work that comes before a first frame. */
export const PHASES = ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { documentLoaderURL?: string } };
}

/**
 * One load of `url` under a Chromium trace: when its first GIF was painted, and the main
 * thread's time in each of PHASES before that paint (ms). CPU time on a shared machine still
 * stretches with its load, but less than the wall clock does, and it says where the time went.
 */
export async function tracedLoad(
  browser: Browser,
  device: BrowserContextOptions,
  url: string,
): Promise<{ painted: number; phases: number[] }> {
  const tab = await settledTab(browser, device);
  const context = tab.context();
  const cdp = await browser.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,blink,loading,blink.user_timing,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await tab.goto(url, { waitUntil: 'commit' });
  const painted = await firstGifPaintedMs(tab);
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  await context.close();
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  const until = (start?.ts ?? 0) + painted * 1000;
  const phases = PHASES.map(
    (phase) =>
      events
        .filter(
          (e) =>
            e.name === phase &&
            e.ph === 'X' &&
            e.pid === start?.pid &&
            e.tid === start?.tid &&
            e.ts < until,
        )
        .reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
  );
  return { painted, phases };
}
