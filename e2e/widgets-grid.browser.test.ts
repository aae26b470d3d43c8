import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import type { JiffyFetch } from '../packages/fetch-api/src/index.ts';
import type { renderCarousel, renderGif, renderGrid } from '../packages/widgets/src/index.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { openKitPage } from './support/kit-page.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';

/** The page's window once the standalone bundle has loaded (types only; erased at runtime). */
type KitWindow = Window & {
  JiffyWidgets: {
    JiffyFetch: typeof JiffyFetch;
    renderGrid: typeof renderGrid;
    renderCarousel: typeof renderCarousel;
    renderGif: typeof renderGif;
  };
  clicked: string[];
  unmount: () => void;
  calls: number;
};

// The widget kit's standalone bundle in real Chromium against a real Jiffy.
describe('the widget kit grid in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    // All at once: the queue makes every upload's page renditions before any one's others.
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const bytes = await animatedImage({
          width: 100 + 30 * i,
          height: 80 + 10 * (i % 4),
          frames: 2,
        });
        await t.uploadAndWait(
          { name: 't.gif', bytes },
          { title: `Tile ${i}` },
          { complete: false },
        );
      }),
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** A page with the kit and an empty container for one test's widget. */
  const widgetPage = () => openKitPage(browser, origin);

  it('lays tiles out in columns of floor((width − gutter·(columns−1)) / columns) and pages to the end', async () => {
    const { page, errors } = await widgetPage();
    await page.evaluate((key) => {
      const w = window as unknown as KitWindow;
      const jf = new w.JiffyWidgets.JiffyFetch(key, {
        serverUrl: location.origin,
        sdkName: 'JavascriptSDK',
      });
      w.unmount = w.JiffyWidgets.renderGrid(
        {
          width: 600,
          columns: 3,
          gutter: 6,
          fetchGifs: (offset: number) => jf.trending({ offset, limit: 3 }),
        },
        document.getElementById('under-test')!,
      );
    }, t.apiKey);
    const tiles = page.locator('#under-test .jiffy-gif');
    await expect.poll(() => tiles.count(), { timeout: 10_000 }).toBe(8);
    await expect.poll(() => page.locator('#under-test .jiffy-loader').count()).toBe(0);
    const boxes = await tiles.evaluateAll((all) => all.map((a) => a.getBoundingClientRect()));
    expect(new Set(boxes.map((b) => Math.round(b.width)))).toEqual(new Set([196]));
    expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(3);
    expect(await tiles.first().getAttribute('href')).toMatch(new RegExp(`^${origin}/gifs/`));
    expect(await tiles.first().locator('img').getAttribute('alt')).toMatch(/^Tile \d$/);
    await saveScreenshot(page, 'widgets-grid-600');

    // Unmounting leaves nothing behind.
    await page.evaluate(() => (window as unknown as KitWindow).unmount());
    expect(await page.locator('#under-test').innerHTML()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows "Error loading GIFs." with a retry that works, and a no-results message', async () => {
    const { page } = await widgetPage();
    await page.evaluate((key) => {
      const w = window as unknown as KitWindow;
      const jf = new w.JiffyWidgets.JiffyFetch(key, { serverUrl: location.origin });
      w.calls = 0;
      // The first call fails (a network failure, say), later ones work.
      w.JiffyWidgets.renderGrid(
        {
          width: 400,
          columns: 2,
          fetchGifs: (offset: number) =>
            w.calls++ === 0
              ? Promise.reject(new Error('offline'))
              : jf.trending({ offset, limit: 4 }),
        },
        document.getElementById('under-test')!,
      );
    }, t.apiKey);
    const error = page.locator('#under-test .jiffy-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Error loading GIFs. Try again?');
    await page.getByRole('link', { name: 'Try again?' }).click();
    await expect
      .poll(() => page.locator('#under-test .jiffy-gif').count(), { timeout: 10_000 })
      .toBe(8);
    expect(await error.count()).toBe(0);

    await page.evaluate(() => {
      const w = window as unknown as KitWindow;
      const empty = {
        data: [],
        pagination: { total_count: 0, count: 0, offset: 0 },
        meta: { status: 200, msg: 'OK', response_id: 'x' },
      };
      const box = document.getElementById('under-test')!;
      box.replaceChildren();
      const inner = box.appendChild(document.createElement('div'));
      w.JiffyWidgets.renderGrid(
        { width: 400, columns: 2, fetchGifs: () => Promise.resolve(empty) },
        inner,
      );
    });
    await page.locator('#under-test .jiffy-no-results').waitFor();
    await page.close();
  });

  it('sends SEEN for tiles in view, HOVER after 200 ms and CLICK to /v2/pingback', async () => {
    const events = async () =>
      t.jiffy.database.db
        .selectFrom('pingback_events')
        .select(['action_type', 'gif_id', 'attributes'])
        .execute();
    await t.jiffy.database.db.deleteFrom('pingback_events').execute();
    const { page } = await widgetPage();
    await page.evaluate((key) => {
      const w = window as unknown as KitWindow;
      const jf = new w.JiffyWidgets.JiffyFetch(key, { serverUrl: location.origin });
      w.JiffyWidgets.renderGrid(
        {
          width: 600,
          columns: 3,
          noLink: true,
          fetchGifs: (offset: number) => jf.trending({ offset, limit: 8 }),
        },
        document.getElementById('under-test')!,
      );
    }, t.apiKey);
    const tiles = page.locator('#under-test .jiffy-gif');
    await expect.poll(() => tiles.count()).toBe(8);
    await expect
      .poll(async () => (await events()).filter((e) => e.action_type === 'SEEN').length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(3);
    const seen = (await events()).filter((e) => e.action_type === 'SEEN');
    expect(new Set(seen.map((e) => e.gif_id)).size).toBe(seen.length);
    expect(seen[0]!.attributes).toMatchObject({ layout_type: 'GRID' });
    expect(JSON.parse((seen[0]!.attributes as { position: string }).position)).toHaveProperty(
      'width',
    );

    // The tile hovered for 300 ms and then clicked reports one HOVER and one CLICK. (The pointer
    // may cross other tiles on its way; their own HOVERs are theirs.)
    const first = tiles.first();
    const firstId = await first.getAttribute('data-gif-id');
    await first.hover();
    await page.waitForTimeout(300);
    await first.click();
    await expect
      .poll(async () =>
        (await events())
          .filter((e) => e.gif_id === firstId && e.action_type !== 'SEEN')
          .map((e) => e.action_type)
          .sort(),
      )
      .toEqual(['CLICK', 'HOVER']);
    await page.close();
  });

  it('scrolls a carousel of fixed-height tiles 30 px apart, loading more at its end', async () => {
    const { page, errors } = await widgetPage();
    await page.evaluate((key) => {
      const w = window as unknown as KitWindow;
      const jf = new w.JiffyWidgets.JiffyFetch(key, { serverUrl: location.origin });
      w.unmount = w.JiffyWidgets.renderCarousel(
        { gifHeight: 120, fetchGifs: (offset: number) => jf.trending({ offset, limit: 3 }) },
        document.getElementById('under-test')!,
      );
    }, t.apiKey);
    const tiles = page.locator('#under-test .jiffy-gif');
    await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(3);
    // Scrolling to the end brings the loader into view, which loads the next page, and so on.
    const scrollToEnd = () =>
      page.locator('.jiffy-carousel').evaluate((c) => c.scrollTo({ left: 100_000 }));
    await expect
      .poll(
        async () => {
          await scrollToEnd();
          return tiles.count();
        },
        { timeout: 10_000 },
      )
      .toBe(8);
    await page.locator('.jiffy-carousel').evaluate((c) => c.scrollTo({ left: 0 }));
    const boxes = await tiles.evaluateAll((all) => all.map((a) => a.getBoundingClientRect()));
    expect(new Set(boxes.map((b) => Math.round(b.height)))).toEqual(new Set([120]));
    expect(Math.round(boxes[1]!.left - boxes[0]!.right)).toBe(30);
    await saveScreenshot(page, 'widgets-carousel');
    await page.evaluate(() => (window as unknown as KitWindow).unmount());
    expect(await page.locator('#under-test').innerHTML()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows stills to visitors who ask for less motion until a tile is focused; keys activate it', async () => {
    const { page } = await widgetPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(async (key) => {
      const w = window as unknown as KitWindow;
      const jf = new w.JiffyWidgets.JiffyFetch(key, { serverUrl: location.origin });
      const gif = (await jf.trending({ limit: 1 })).data[0]!;
      const box = document.createElement('div');
      box.id = 'under-test';
      document.body.prepend(box);
      w.clicked = [];
      w.JiffyWidgets.renderGif(
        { gif, width: 200, noLink: true, onGifClick: (g) => w.clicked.push(g.id) },
        box,
      );
    }, t.apiKey);
    const img = page.locator('#under-test .jiffy-gif img');
    await expect.poll(() => img.getAttribute('src')).toMatch(/_still\.gif$/);
    await page.locator('#under-test .jiffy-gif').focus();
    await expect.poll(() => img.getAttribute('src')).toMatch(/\/fixed_width\.gif$/);
    await page.keyboard.press('Enter');
    await page.keyboard.press(' ');
    expect(await page.evaluate(() => (window as unknown as KitWindow).clicked.length)).toBe(2);
    await page.close();
  });

  it("calls the tile callbacks and sends the page's user with its pingbacks", async () => {
    await t.jiffy.database.db.deleteFrom('pingback_events').execute();
    const { page } = await widgetPage();
    await page.evaluate((key) => {
      const w = window as unknown as KitWindow & { calls: unknown; log: string[] };
      const jf = new w.JiffyWidgets.JiffyFetch(key, { serverUrl: location.origin });
      w.log = [];
      const note = (name: string) => (gif: { id: string }) => w.log.push(`${name} ${gif.id}`);
      w.JiffyWidgets.renderGrid(
        {
          width: 600,
          columns: 3,
          className: 'my-grid',
          user: { id: 'page-user-7' },
          fetchGifs: (offset: number) => jf.trending({ offset, limit: 8 }),
          onGifHover: note('hover'),
          onGifSeen: note('seen'),
          onGifVisible: note('visible'),
          onGifRightClick: note('right-click'),
          onGifKeyPress: note('key'),
        },
        document.getElementById('under-test')!,
      );
    }, t.apiKey);
    const tiles = page.locator('#under-test .my-grid .jiffy-gif');
    await expect.poll(() => tiles.count()).toBe(8);
    const first = tiles.first();
    const id = (await first.getAttribute('data-gif-id'))!;
    const log = () => page.evaluate(() => (window as unknown as { log: string[] }).log);
    await expect.poll(async () => (await log()).includes(`seen ${id}`)).toBe(true);
    expect(await log()).toContain(`visible ${id}`);
    expect(await first.getAttribute('tabindex')).toBe('0');
    await first.hover();
    await first.click({ button: 'right' });
    await first.focus();
    await page.keyboard.press('x');
    const mine = (await log()).filter((entry) => entry.endsWith(` ${id}`));
    expect(mine.filter((e) => !e.startsWith('seen') && !e.startsWith('visible'))).toEqual([
      `hover ${id}`,
      `right-click ${id}`,
      `key ${id}`,
    ]);
    // Each callback fires once per tile, as SEEN does.
    expect(mine.filter((e) => e.startsWith('seen'))).toHaveLength(1);
    expect(mine.filter((e) => e.startsWith('visible'))).toHaveLength(1);
    await expect
      .poll(async () =>
        (
          await t.jiffy.database.db
            .selectFrom('pingback_events')
            .select(['gif_id'])
            .where('user_id', '=', 'page-user-7')
            .where('action_type', '=', 'SEEN')
            .execute()
        ).map((e) => e.gif_id),
      )
      // (Pages of earlier tests may still flush their own, user-less pingbacks as they close.)
      .toContain(id);
    await page.close();
  });

  it('shows the uploader on hover: default avatar, name, 14 px badge; clicking calls the handler or opens the profile', async () => {
    const { page, errors } = await widgetPage();
    await page.evaluate(async (key) => {
      const w = window as unknown as KitWindow & { opened: (string | URL | undefined)[] };
      const jf = new w.JiffyWidgets.JiffyFetch(key, { serverUrl: location.origin });
      const found = (await jf.trending({ limit: 1 })).data[0]!;
      const user = {
        ...found.user!,
        username: 'ada',
        display_name: 'Ada',
        avatar_url: '',
        is_verified: true,
        profile_url: `${location.origin}/ada`,
      };
      const gif = { ...found, user };
      w.clicked = [];
      w.opened = [];
      window.open = (url) => {
        w.opened.push(url);
        return null;
      };
      const box = document.getElementById('under-test')!;
      const second = document.createElement('div');
      second.id = 'second';
      box.after(second);
      w.JiffyWidgets.renderGif(
        { gif, width: 200, noLink: true, onUserClick: (u) => w.clicked.push(u.username) },
        box,
      );
      w.JiffyWidgets.renderGif({ gif, width: 200, noLink: true }, second);
    }, t.apiKey);
    const attribution = page.locator('#under-test .jiffy-attribution');
    expect(await attribution.count()).toBe(0);
    await page.locator('#under-test .jiffy-gif').hover();
    await attribution.waitFor();
    expect(await attribution.textContent()).toBe('Ada');
    const box = await attribution.boundingBox();
    expect(box?.height).toBe(75);
    const badge = await attribution.getByRole('img', { name: 'verified' }).boundingBox();
    expect([badge?.width, badge?.height]).toEqual([14, 14]);
    // No avatar_url: one of the five default avatars, at its 80 px high size, served by Jiffy.
    const avatar = attribution.locator('img');
    expect(await avatar.getAttribute('src')).toMatch(/\/media\/avatars\/default[1-5]\/80h\.gif$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight))
      .toBe(80);

    await attribution.click();
    expect(await page.evaluate(() => (window as unknown as KitWindow).clicked)).toEqual(['ada']);
    await page.locator('#second .jiffy-gif').hover();
    await page.locator('#second .jiffy-attribution').click();
    expect(
      await page.evaluate(() => (window as unknown as KitWindow & { opened: string[] }).opened),
    ).toEqual([`${origin}/ada`]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the demo page in the site’s frame, all four widgets running, on a desktop and a phone', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 800, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      const errors = watchPageErrors(page);
      await page.goto(`${origin}/widgets`);
      await expect
        .poll(() => page.locator('#grid .jiffy-gif').count(), { timeout: 10_000 })
        .toBe(8);
      await expect.poll(() => page.locator('#single .jiffy-gif').count()).toBe(1);
      await expect.poll(() => page.locator('#carousel .jiffy-gif').count()).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('#video video').evaluate((v: HTMLVideoElement) => v.paused))
        .toBe(false);
      expect(await page.title()).toBe('Widget kit — Jiffy');
      // The site's header, as on every other page: the logo home, the search box, the sections.
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('link', { name: 'Jiffy home' }).getAttribute('href')).toBe('/');
      expect(await banner.getByRole('search').count()).toBe(1);
      expect(await banner.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(true);
      // Nothing wider than the window: the grid and video take the column, the carousel and
      // the snippets scroll inside it.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBe(
        viewport.width,
      );
      const main = (await page.getByRole('main').boundingBox())!;
      for (const widget of ['#grid .jiffy-grid', '#carousel', '#video video', 'pre']) {
        const box = (await page.locator(widget).first().boundingBox())!;
        expect(box.x, `${name} ${widget}`).toBeGreaterThanOrEqual(main.x);
        expect(box.x + box.width, `${name} ${widget}`).toBeLessThanOrEqual(main.x + main.width);
      }
      const snippets = await page.locator('pre code').allTextContents();
      for (const call of ['renderGrid', 'renderCarousel', 'renderGif', 'renderVideo'])
        expect(snippets.some((s) => s.includes(`JiffyWidgets.${call}(`))).toBe(true);
      await saveScreenshot(page, `widgets-demo-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('shows, for each snippet on the demo page, its widget when the snippet is pasted into a bare page', async () => {
    const demo = await browser.newPage({ viewport: { width: 800, height: 900 } });
    await demo.goto(`${origin}/widgets`);
    await expect.poll(() => demo.locator('pre code').count()).toBe(4);
    const snippets = await demo.locator('pre code').allTextContents();
    await demo.close();
    const shows: Record<string, string> = {
      grid: '#grid .jiffy-gif',
      carousel: '#carousel .jiffy-gif',
      single: '#single .jiffy-gif',
      video: '#video video',
    };
    for (const snippet of snippets) {
      const container = /<div id="(\w+)">/.exec(snippet)![1]!;
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const errors = watchPageErrors(page);
      // Another site's page, on this origin so the test needs no second server.
      await page.route(`${origin}/pasted`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html><body>${snippet}</body></html>`,
        }),
      );
      await page.goto(`${origin}/pasted`);
      await expect
        .poll(() => page.locator(shows[container]!).count(), { message: container })
        .toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), container).toBe(390);
      expect(errors, container).toEqual([]);
      await page.close();
    }
  });
});
