import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../apps/server/src/app/seed/demo-catalog.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { seedDemoSlice } from './support/demo-slice.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// /artists and /backdrop/trending in Chromium over a slice of the demo library (one GIF from
// each of four demo creators, seeded as a first start seeds them), at phone and desktop
// widths: what each shows, and screenshots.
describe('/artists and /backdrop in Chromium', () => {
  // The first GIF of each of four demo creators: enough for a directory and a loop, quick to
  // seed (each takes seconds through the pipeline).
  const gifs = demoCatalog()
    .filter((item) => item.kind === 'gif')
    .filter((item, i, all) => all.findIndex((other) => other.username === item.username) === i)
    .slice(0, 4);
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    // The backdrop plays the looping MP4s, made in the rest phase: wait for every rendition.
    await seedDemoSlice(t, gifs);
    browser = await launchChromium();
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  async function open(url: string, viewport: { width: number; height: number }) {
    const page = await browser.newPage({ viewport });
    const errors = watchPageErrors(page);
    await page.goto(`${origin}${url}`);
    return { page, errors };
  }

  /** Each card's text in the Artists list. */
  const artistNames = (page: Page) =>
    page
      .getByRole('list', { name: 'Artists' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.textContent ?? ''));

  it('lists the demo creators on /artists, and fits a phone', async () => {
    // The seed makes every demo creator's account, whether or not their GIFs are in the slice.
    const creators = [...new Set(demoCatalog().map((item) => item.username))];
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, errors } = await open('/artists', viewport);
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe(`${creators.length} artists`);
      const cards = await artistNames(page);
      for (const creator of creators)
        expect(cards.some((card) => card.includes(`@${creator}`))).toBe(true);
      // Every avatar has loaded before the picture is taken (they load lazily: scroll past).
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect
        .poll(() =>
          page
            .locator('main img')
            .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
        )
        .toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await saveScreenshot(page, `artists-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('plays the trending GIFs over the whole window on /backdrop/trending', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, errors } = await open('/backdrop/trending', viewport);
      await page.getByRole('heading', { name: 'Trending' }).waitFor();
      await expect.poll(() => page.getByText(/^1 of 4 — /).count()).toBe(1);
      const backdrop = page.getByTestId('backdrop');
      const video = backdrop.locator('video');
      // Its loop is playing, and it covers the window.
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0.2);
      const box = await video.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(viewport.width - 1);
      expect(box!.height).toBeGreaterThanOrEqual(viewport.height - 1);
      await saveScreenshot(page, `backdrop-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
