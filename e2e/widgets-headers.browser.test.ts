import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import type { JiffyFetch } from '../packages/fetch-api/src/index.ts';
import type { renderGrid } from '../packages/widgets/src/index.ts';
import { launchChromium } from './support/browser.ts';
import { openKitPage } from './support/kit-page.ts';
import { startRecordingProxy } from './support/recording-proxy.ts';
import { freePort } from './support/server-process.ts';

type KitWindow = Window & {
  JiffyWidgets: { JiffyFetch: typeof JiffyFetch; renderGrid: typeof renderGrid };
};

// The widget kit names itself as GIPHY's JS SDK does, on its API calls and its pingbacks,
// with no sdkName passed. Read where a server reads them: at the front door, as they arrive.
describe('the widget kit’s SDK headers', () => {
  let t: TestJiffy;
  let browser: Browser;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let jiffyOrigin = '';

  beforeAll(async () => {
    proxy = await startRecordingProxy(() => jiffyOrigin);
    const port = await freePort();
    jiffyOrigin = `http://127.0.0.1:${port}`;
    // Everything the kit is handed (media, pingback URLs) names the front door.
    t = await startTestJiffy({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: proxy.origin });
    await t.jiffy.listen();
    const bytes = await animatedImage({ width: 120, height: 90, frames: 2 });
    await t.uploadAndWait({ name: 'h.gif', bytes }, { title: 'Header check' }, { complete: false });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await t?.stop();
  });

  it('sends X-GIPHY-SDK-Name: JavascriptSDK and its version with searches and pingbacks', async () => {
    // (On the instance's own origin: Chromium keeps a page on another loopback name from its
    // media. Where the headers count, elsewhere, is pingback-source.test.ts.)
    const { page } = await openKitPage(browser, proxy.origin);
    await page.evaluate((key) => {
      const w = window as unknown as KitWindow;
      const jf = new w.JiffyWidgets.JiffyFetch(key, { serverUrl: location.origin });
      w.JiffyWidgets.renderGrid(
        { width: 400, columns: 2, fetchGifs: (offset: number) => jf.trending({ offset }) },
        document.getElementById('under-test')!,
      );
    }, t.apiKey);
    await expect.poll(() => page.locator('#under-test .jiffy-gif').count()).toBe(1);
    // SEEN goes out within a second of the tile showing.
    await expect
      .poll(() => proxy.seen.filter((r) => r.path.startsWith('/v2/pingback')).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const trending = proxy.seen.find((r) => r.path.startsWith('/v1/gifs/trending'))!;
    const pingback = proxy.seen.find((r) => r.method === 'POST' && r.path === '/v2/pingback')!;
    for (const request of [trending, pingback]) {
      expect(request.headers['x-giphy-sdk-name']).toBe('JavascriptSDK');
      expect(request.headers['x-giphy-sdk-version']).toMatch(/^\d+\.\d+\.\d+$/);
    }
    await page.close();
  });
});
