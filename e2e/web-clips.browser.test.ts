import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../apps/server/src/app/seed/demo-catalog.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { seedDemoSlice } from './support/demo-slice.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Reads what a player's <video> element is doing. */
const stateOf = (page: Page, title: string) =>
  page
    .getByRole('article', { name: title })
    .locator('video')
    .evaluate((v: HTMLVideoElement) => ({
      paused: v.paused,
      muted: v.muted,
      time: v.currentTime,
      // Chromium counts the sound it has decoded: more than nothing means the file has a track.
      audioBytes: (v as HTMLVideoElement & { webkitAudioDecodedByteCount: number })
        .webkitAudioDecodedByteCount,
    }));

// /clips in real Chromium against a real Jiffy holding two of the demo clips, seeded through the
// same path as on a first start: the feed of players, playing, sound and search.
describe('/clips in Chromium', () => {
  const clips = demoCatalog()
    .filter((i) => i.kind === 'clip')
    .filter((i) => ['synth-wave-hum', 'bouncy-arpeggio'].includes(i.key));
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    // The clip with its sound is made in the rest phase: wait for every rendition.
    await seedDemoSlice(t, clips);
    browser = await launchChromium();
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  async function open(url: string, viewport = DESKTOP) {
    const page = await browser.newPage({ viewport });
    const errors = watchPageErrors(page);
    await page.goto(`${origin}${url}`);
    return { page, errors };
  }

  it('plays the clips muted in a feed; the play button starts one and the mute button gives its sound', async () => {
    const { page, errors } = await open('/clips');
    await expect.poll(() => page.getByRole('heading', { name: 'Trending clips' }).count()).toBe(1);
    const feed = page.getByRole('list', { name: 'Clips' });
    await expect.poll(() => feed.getByRole('article').count()).toBe(2);
    const title = 'Bouncy Arpeggio';
    const card = page.getByRole('article', { name: title });
    await expect.poll(() => card.locator('video').count()).toBe(1);
    // Muted, so the browser lets it start on its own.
    await expect.poll(async () => (await stateOf(page, title)).time).toBeGreaterThan(0.2);
    expect(await stateOf(page, title)).toMatchObject({ paused: false, muted: true });

    await card.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await stateOf(page, title)).paused).toBe(true);
    const pausedAt = (await stateOf(page, title)).time;
    await card.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(async () => (await stateOf(page, title)).time)
      .toBeGreaterThan(pausedAt + 0.3);

    await card.getByRole('button', { name: 'Unmute' }).click();
    await expect.poll(async () => (await stateOf(page, title)).muted).toBe(false);
    expect(await card.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await expect.poll(async () => (await stateOf(page, title)).audioBytes).toBeGreaterThan(0);
    expect((await stateOf(page, title)).paused).toBe(false);

    // Title and creator lead to the clip's page and the creator's channel.
    expect(await card.getByRole('link', { name: title }).getAttribute('href')).toMatch(
      /^\/gifs\/bouncy-arpeggio-/,
    );
    expect(await card.getByRole('link', { name: '@pixelpaloma' }).getAttribute('href')).toBe(
      '/pixelpaloma',
    );
    await saveScreenshot(page, 'clips-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches clips from the box, fits a phone, and says when nothing matches', async () => {
    const { page, errors } = await open('/clips', PHONE);
    // The page's own search box, not the header's (which searches GIFs).
    const search = page.getByRole('search', { name: 'Clips' });
    await search.getByRole('searchbox', { name: 'Search clips' }).fill('synth');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.url()).toBe(`${origin}/clips?q=synth`);
    const feed = page.getByRole('list', { name: 'Clips' });
    await expect
      .poll(() => feed.getByRole('article').evaluateAll((cards) => cards.map((c) => c.ariaLabel)))
      .toEqual(['Synth Wave Hum']);
    const box = await feed.locator('video').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(box!.width).toBeGreaterThan(PHONE.width * 0.8);
    // The page fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expect.poll(async () => (await stateOf(page, 'Synth Wave Hum')).time).toBeGreaterThan(0);
    await saveScreenshot(page, 'clips-phone');

    await search.getByRole('searchbox', { name: 'Search clips' }).fill('zebra');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByText('No clips found for “zebra”.').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
