// bench/web trace: where one load of a page spends the time before its first GIF is painted,
// from the browser's own timings (navigation, every resource, the LCP entry), and one load of
// the bare page holding only the first tile's image (bench/web's baseline) after each.
import { startPageProbe } from './page-probe.ts';
import { settledTab } from './painted-clock.ts';

// The bare page of bench/web: only the <img> of the image the site's first tile shows.
const { loads, path, device, origin, browser, bareUrl, close } = await startPageProbe(
  'web-trace',
  3,
);
for (let i = 0; i < loads; i++) {
  for (const url of [origin + path, bareUrl]) {
    const tab = await settledTab(browser, device);
    const context = tab.context();
    await tab.goto(url, { waitUntil: 'load' });
    const report = await tab.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const lcp = list
              .getEntries()
              .find((e) => (e as LargestContentfulPaint).url.includes('/media/')) as
              LargestContentfulPaint | undefined;
            if (!lcp) return;
            const nav = performance.getEntriesByType(
              'navigation',
            )[0] as PerformanceNavigationTiming;
            const r = (n: number) => Math.round(n);
            const lines = [
              `nav: requestStart ${r(nav.requestStart)} responseStart ${r(nav.responseStart)} responseEnd ${r(nav.responseEnd)} bytes ${nav.transferSize} domInteractive ${r(nav.domInteractive)} DCL ${r(nav.domContentLoadedEventEnd)}`,
              `lcp: ${lcp.url.replace(location.origin, '')} start ${r(lcp.startTime)} render ${r(lcp.renderTime)} load ${r(lcp.loadTime)}`,
              ...performance
                .getEntriesByType('resource')
                .map((e) => e as PerformanceResourceTiming)
                .filter((e) => e.startTime < lcp.startTime + 50)
                .map(
                  (e) =>
                    `  ${r(e.startTime)}→req ${r(e.requestStart)}→resp ${r(e.responseStart)}→end ${r(e.responseEnd)} ${e.initiatorType} ${e.transferSize}B ${e.name.replace(location.origin, '')}`,
                ),
              ...performance
                .getEntriesByType('paint')
                .map((e) => `paint ${e.name} ${r(e.startTime)}`),
            ];
            resolve(lines.join('\n'));
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    console.log(`--- load ${i + 1} ${url === bareUrl ? 'bare page' : path}\n${report}`);
    await context.close();
  }
}
await close();
