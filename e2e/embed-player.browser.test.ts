import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { makeVideo } from '@jiffy/media/testing';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';

// The player as a visitor of a third-party page sees it: real Chromium, real HTTP.
describe('the embedded GIF player in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let thirdParty: http.Server;
  let thirdPartyUrl: string;
  let id: string;
  let viewed: string;
  let makersKey: string;
  const fromVideo: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    await t.jiffy.services.users.insert({
      id: 'u-maker',
      username: 'maker',
      display_name: 'The Maker',
    });
    makersKey = (await t.jiffy.services.apiKeys.create('u-maker', 'uploads')).key;
    // Uploaded all at once, so the queue makes every GIF's first renditions (the player and its
    // grid show only those: original and fixed_width) before any GIF's remaining ones.
    const upload = async (fields: Record<string, string>, width: number, height: number) => {
      const bytes = await animatedImage({ width, height, frames: 4 });
      return t.uploadAndWait(
        { name: 'a.gif', bytes },
        { api_key: makersKey, ...fields },
        { complete: false },
      );
    };
    await Promise.all([
      upload({ title: 'Waving robot', username: 'maker', tags: 'robot,wave' }, 320, 240).then(
        (gif) => (id = gif),
      ),
      // GIFs cut from videos on the two video sites the player can show, and on another one.
      // Each a different size: an exact re-upload by the same user answers the first GIF.
      ...(
        [
          ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30', 200],
          ['vimeo', 'https://vimeo.com/76979871', 202],
          ['other', 'https://www.dailymotion.com/video/x8abc', 204],
        ] as const
      ).map(async ([site, url, width]) => {
        fromVideo[site] = await upload({ title: `From ${site}`, source_post_url: url }, width, 150);
      }),
      // A GIF no other test opens, so its embed events are this file's View test's alone.
      upload({ title: 'Seen once' }, 210, 150).then((gif) => (viewed = gif)),
      // Eight related GIFs (a shared tag) of different shapes for the grid.
      ...Array.from({ length: 8 }, (_, i) =>
        upload({ title: `Robot ${i}`, tags: 'robot' }, 120 + 20 * i, 90 + 15 * (i % 3)),
      ),
    ]);
    // Another origin that embeds the player, and tries to frame Jiffy's home page too.
    thirdParty = http.createServer((_request, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<!doctype html><title>blog</title><h1>My blog</h1>` +
          `<iframe id="player" src="${origin}/embed/${id}" width="480" height="360"></iframe>` +
          `<iframe id="home" src="${origin}/" width="480" height="360"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => thirdParty.listen(0, '127.0.0.1', resolve));
    thirdPartyUrl = `http://localhost:${(thirdParty.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    thirdParty?.close();
    await t?.stop();
  });

  it('shows the GIF playing, with a link to its page, with scripts off', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 480, height: 480 },
    });
    const page = await context.newPage();
    await page.goto(`${origin}/embed/${id}`);
    const video = page.locator('video.media');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && !v.paused)).toBe(true);
    expect(await page.locator('a.media-link').getAttribute('href')).toMatch(
      new RegExp(`^${origin}/gifs/waving-robot-${id}$`),
    );
    await saveScreenshot(page, 'embed-no-script-480');
    await context.close();
  });

  it('hydrates cleanly; hover shows the chrome; the share menu gives embed code and link', async () => {
    const context = await browser.newContext({
      viewport: { width: 480, height: 480 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/embed/${id}`);
    const header = page.locator('header.chrome');
    expect(await header.evaluate((e) => getComputedStyle(e).opacity)).toBe('0');
    await page.mouse.move(240, 240);
    await expect.poll(() => header.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    await expect.poll(() => page.locator('.chrome.footer').textContent()).toContain('@maker');

    await page.getByRole('button', { name: 'Share' }).click();
    const menu = page.getByRole('dialog', { name: 'Share this GIF' });
    await menu.waitFor();
    const code = await menu.getByLabel('Embed code').inputValue();
    expect(code).toBe(
      `<iframe src="${origin}/embed/${id}" width="320" height="240" style="border:0" allowfullscreen></iframe>`,
    );
    expect(await menu.getByLabel('Link').inputValue()).toBe(`${origin}/gifs/waving-robot-${id}`);
    // Opening the menu hides the footer.
    await expect.poll(() => page.locator('.chrome.footer').count()).toBe(0);
    expect(await overlapsOfClose(menu)).toEqual([]);
    await saveScreenshot(page, 'embed-share-480');
    // Opened, the menu has the keyboard's focus.
    expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    // A copy says so for a moment, then offers to copy again.
    await menu.getByRole('button', { name: 'Copy link' }).click();
    await menu.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${origin}/gifs/waving-robot-${id}`,
    );
    await menu.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 5000 });
    // Escape closes it and gives the focus back to Share, as its close button does when
    // pressed from the keyboard; clicked with the mouse, it just closes.
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Share');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close share menu' }).press('Enter');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Share');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Close share menu' }).click();
    await expect.poll(() => menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).not.toBe('Share');
    // Leaving with the grid out of view hides the chrome quickly (70 ms, then a 150 ms fade),
    // well before the 1000 ms it lingers when the grid is in view (next test).
    await page.mouse.move(600, 600);
    const left = Date.now();
    await expect
      .poll(() => header.evaluate((e) => getComputedStyle(e).opacity), { interval: 20 })
      .toBe('0');
    expect(Date.now() - left).toBeLessThan(700);
    expect(errors).toEqual([]);
    await context.close();
  });

  /** What the share menu's close button covers: the menu's other controls its box meets. */
  const overlapsOfClose = (menu: Locator) =>
    menu.evaluate((box) => {
      const close = box.querySelector('button.close')!.getBoundingClientRect();
      return [...box.querySelectorAll('a, button:not(.close), input, label')]
        .filter((element) => {
          const r = element.getBoundingClientRect();
          const across = Math.min(r.right, close.right) - Math.max(r.left, close.left);
          const down = Math.min(r.bottom, close.bottom) - Math.max(r.top, close.top);
          return across > 0 && down > 0;
        })
        .map((element) => element.textContent || element.outerHTML.slice(0, 60));
    });

  it('lays the share menu out with its close button clear of its content, in every frame it shows in', async () => {
    for (const [width, height] of [
      [250, 200],
      [320, 320],
      [480, 360],
      [800, 450],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(`${origin}/embed/${id}`);
      await page.locator('.player.live').waitFor();
      await page.mouse.move(width / 2, height / 2);
      await page.getByRole('button', { name: 'Share' }).click();
      const menu = page.getByRole('dialog', { name: 'Share this GIF' });
      await menu.waitFor();
      const close = page.getByRole('button', { name: 'Close share menu' });
      expect(await overlapsOfClose(menu), `${width}x${height}`).toEqual([]);
      // In the menu's box, and the one thing at its centre (nothing laid over it).
      const [outer, inner] = [await menu.boundingBox(), await close.boundingBox()];
      expect(inner!.x + inner!.width, `${width}x${height}`).toBeLessThanOrEqual(
        outer!.x + outer!.width,
      );
      expect(inner!.y, `${width}x${height}`).toBeGreaterThanOrEqual(outer!.y);
      expect(
        await close.evaluate((button) => {
          const r = button.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === button;
        }),
      ).toBe(true);
      await close.click();
      await expect.poll(() => menu.count()).toBe(0);
      await context.close();
    }
  });

  it('gives a clip with sound a labelled Unmute button that works by keyboard', async () => {
    // Uploaded here, once the other GIFs are made: its file with sound comes in the rest phase.
    const file = await makeVideo({
      width: 320,
      height: 180,
      seconds: 2,
      withSound: true,
      path: path.join(t.dataDir, 'humming.mp4'),
    });
    const clip = await t.uploadAndWait(
      { name: 'humming.mp4', bytes: await readFile(file) },
      { api_key: makersKey, title: 'Humming tone' },
      { complete: false },
    );
    await t.waitForGif(clip, { complete: true, timeoutMs: 150_000 });
    const context = await browser.newContext({ viewport: { width: 480, height: 360 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/embed/${clip}`);
    const video = page.locator('video.media');
    const state = () =>
      video.evaluate((v: HTMLVideoElement) => ({
        muted: v.muted,
        paused: v.paused,
        // Chromium counts the sound it decoded: more than nothing means it is heard.
        audioBytes: (v as HTMLVideoElement & { webkitAudioDecodedByteCount: number })
          .webkitAudioDecodedByteCount,
      }));
    // Playing on its own, so muted (what browsers allow without a visitor's gesture).
    await expect.poll(async () => (await state()).paused).toBe(false);
    expect((await state()).muted).toBe(true);
    await page.locator('.player.live').waitFor();
    const unmute = page.getByRole('button', { name: 'Unmute' });
    expect(await unmute.getAttribute('aria-pressed')).toBe('true');

    // By keyboard alone: Tab reaches it (and shows the chrome it is in), Enter gives the sound.
    const focused = () => unmute.evaluate((button) => button === document.activeElement);
    for (let tabs = 0; tabs < 15 && !(await focused()); tabs++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    await expect
      .poll(() => page.locator('.chrome.footer').evaluate((e) => getComputedStyle(e).opacity))
      .toBe('1');
    expect(await unmute.isVisible()).toBe(true);
    await saveScreenshot(page, 'embed-clip-480');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await state()).muted).toBe(false);
    const mute = page.getByRole('button', { name: 'Mute' });
    expect(await mute.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await state()).audioBytes).toBeGreaterThan(0);
    expect((await state()).paused).toBe(false);
    // Space mutes it again; the button follows the clip's own controls too.
    await page.keyboard.press(' ');
    await expect.poll(async () => (await state()).muted).toBe(true);
    await video.evaluate((v: HTMLVideoElement) => (v.muted = false));
    await expect.poll(() => mute.count()).toBe(1);

    // Pointer users get it as well, over the clip, where the footer covers the clip's controls.
    await page.mouse.move(240, 180);
    await mute.click();
    await expect.poll(async () => (await state()).muted).toBe(true);
    // And where the clip is: a slider that follows it and takes it elsewhere, by keyboard too.
    const seek = page.getByRole('slider', { name: 'Seek' });
    const at = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    expect(Number(await seek.getAttribute('max'))).toBeCloseTo(2, 0);
    await seek.fill('1.5');
    await expect.poll(at).toBeCloseTo(1.5, 1);
    expect(await seek.getAttribute('aria-valuetext')).toBe('0:01 of 0:02');
    await seek.press('Home');
    await expect.poll(at).toBe(0);
    expect(Number(await seek.inputValue())).toBe(0);
    // It sits in the footer, clear of the clip's own controls that the footer covers.
    const box = (await seek.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(48);
    expect(box.y + box.height).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
    // A GIF has no sound to switch.
    const gif = await browser.newPage({ viewport: { width: 480, height: 360 } });
    await gif.goto(`${origin}/embed/${id}`);
    await gif.mouse.move(240, 180);
    await gif.locator('.player.hover').waitFor();
    expect(await gif.getByRole('button', { name: /mute/i }).count()).toBe(0);
    await gif.close();
  }, 240_000);

  it('builds the related grid on first hover, pages it on scroll, and times the hiding', async () => {
    const context = await browser.newContext({ viewport: { width: 480, height: 480 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/embed/${id}`);
    expect(await page.locator('.related').count()).toBe(0);
    await page.mouse.move(240, 240);
    const tiles = page.locator('.related-tile');
    // First page: 6; each tile is floor((480 − 30 − 2·6) / 3) = 146 px wide.
    await expect.poll(() => tiles.count()).toBe(6);
    // Headed as the rest of the site writes it.
    expect(await page.locator('.related-header').textContent()).toBe('Related GIFs');
    const boxes = await tiles.evaluateAll((all) => all.map((a) => a.getBoundingClientRect()));
    expect(new Set(boxes.map((b) => Math.round(b.width)))).toEqual(new Set([146]));
    expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(3);

    // Scrolling the footer loads the next page (the rest) and brings up the call to action.
    const related = await t.jiffy.app.inject(
      `/v1/gifs/related?gif_id=${id}&api_key=${t.apiKey}&limit=50`,
    );
    const total = related.json<{ data: unknown[] }>().data.length;
    expect(total).toBeGreaterThan(6);
    expect(total).toBeLessThanOrEqual(18);
    await page.locator('.chrome.footer').evaluate((f) => f.scrollTo({ top: 10_000 }));
    await expect.poll(() => tiles.count()).toBe(total);
    await expect.poll(() => page.locator('.player.grid-active').count()).toBe(1);
    await page.locator('.chrome.footer').evaluate((f) => f.scrollTo({ top: 20 }));
    await saveScreenshot(page, 'embed-related-grid-480');

    // With the grid in view the chrome lingers 1000 ms after the pointer leaves.
    const header = page.locator('header.chrome');
    await page.mouse.move(600, 600);
    await page.waitForTimeout(500);
    expect(await header.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    await expect
      .poll(() => header.evaluate((e) => getComputedStyle(e).opacity), { timeout: 2000 })
      .toBe('0');
    // …and leaving resets the footer's scroll.
    expect(await page.locator('.chrome.footer').evaluate((f) => f.scrollTop)).toBe(0);

    // The events went to Jiffy's own endpoint: SCROLL GRID once, the first hover.
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect
      .poll(async () => (await t.jiffy.services.siteEvents.latest('Embed')).map((e) => e.action))
      .toEqual(expect.arrayContaining(['SCROLL GRID', 'Hover']));
    const scrolls = (await t.jiffy.services.siteEvents.latest('Embed')).filter(
      (e) => e.action === 'SCROLL GRID',
    );
    expect(scrolls).toHaveLength(1);
    expect(scrolls[0]).toMatchObject({ gif_id: id, page: `/embed/${id}` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('watches the vimeo source video and goes back to the GIF when it pauses or ends', async () => {
    const context = await browser.newContext({ viewport: { width: 480, height: 480 } });
    const page = await context.newPage();
    await page.goto(`${origin}/embed/${fromVideo.vimeo}`);
    await page.mouse.move(240, 240);
    await page.getByRole('button', { name: 'Watch' }).click();
    const frame = page.locator('.video-site iframe');
    expect(await frame.getAttribute('src')).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&byline=0&title=0&color=6157ff&loop=0',
    );
    const back = page.getByRole('button', { name: 'GIF' });
    expect(await back.count()).toBe(0);
    // What vimeo's player posts to the page (the site itself is out of reach in tests).
    const vimeo = (event: string) =>
      page.evaluate((name) => {
        const data = JSON.stringify({ event: name });
        // From vimeo's frame, as the wrapper only listens to its own iframe.
        const source = document.querySelector('iframe')!.contentWindow;
        window.dispatchEvent(
          new MessageEvent('message', { origin: 'https://player.vimeo.com', data, source }),
        );
      }, event);
    await vimeo('pause');
    await back.waitFor();
    await vimeo('play');
    await expect.poll(() => back.count()).toBe(0);
    await vimeo('finish');
    await back.click();
    await expect.poll(() => page.locator('video.media').count()).toBe(1);
    await expect.poll(() => frame.count()).toBe(0);
    await context.close();
  });

  it('loads youtube’s API only on Watch, mutes the video and follows its states', async () => {
    const context = await browser.newContext({ viewport: { width: 480, height: 480 } });
    const page = await context.newPage();
    // youtube's iframe API is out of reach in tests: a stand-in records what the player asks.
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, {
        ytCalls: calls,
        YT: {
          Player: class {
            constructor(_el: unknown, options: { events: Record<string, (e: unknown) => void> }) {
              Object.assign(window, { ytEvents: options.events });
              options.events.onReady!({
                target: {
                  setVolume: (v: number) => calls.push(['setVolume', v]),
                  mute: () => calls.push(['mute']),
                },
              });
            }
          },
        },
      });
    });
    await page.goto(`${origin}/embed/${fromVideo.youtube}`);
    expect(await page.locator('script[src*="youtube"]').count()).toBe(0);
    await page.mouse.move(240, 240);
    await page.getByRole('button', { name: 'Watch' }).click();
    expect(await page.locator('.video-site iframe').getAttribute('src')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&loop=1&playsinline=1&fs=0&rel=0&volume=0&enablejsapi=1&start=29',
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { ytCalls: unknown[] }).ytCalls))
      .toEqual([['setVolume', 0]]);
    const state = (data: number) =>
      page.evaluate((d) => {
        (
          window as unknown as { ytEvents: { onStateChange: (e: { data: number }) => void } }
        ).ytEvents.onStateChange({ data: d });
      }, data);
    const back = page.getByRole('button', { name: 'GIF' });
    await state(1); // playing
    expect(await back.count()).toBe(0);
    await state(2); // paused
    await back.waitFor();
    await state(1);
    await expect.poll(() => back.count()).toBe(0);
    await state(0); // ended
    await back.waitFor();
    await context.close();
  });

  it('offers Watch only for youtube and vimeo, and not when the embedder hides it', async () => {
    const page = await browser.newPage({ viewport: { width: 480, height: 480 } });
    for (const [url, watch] of [
      [`${origin}/embed/${fromVideo.other}`, 0],
      [`${origin}/embed/${fromVideo.vimeo}?hide_video=1`, 0],
      [`${origin}/embed/${fromVideo.vimeo}`, 1],
    ] as const) {
      await page.goto(url);
      await page.mouse.move(240, 240);
      await page.locator('.player.hover').waitFor();
      expect(await page.getByRole('button', { name: 'Watch' }).count(), url).toBe(watch);
      await page.mouse.move(600, 600);
    }
    await page.close();
  });

  it('carries the embedder’s tracking query on its links and then offers pause/play', async () => {
    const context = await browser.newContext({ viewport: { width: 480, height: 480 } });
    const page = await context.newPage();
    await page.goto(`${origin}/embed/${id}?utm_source=blog&autoplay=1`);
    expect(await page.locator('a.media-link').getAttribute('href')).toBe(
      `${origin}/gifs/waving-robot-${id}?utm_source=blog`,
    );
    await page.mouse.move(240, 240);
    const pause = page.getByRole('button', { name: 'Pause' });
    await pause.click();
    expect(await page.locator('video.media').evaluate((v: HTMLVideoElement) => v.paused)).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => page.locator('video.media').evaluate((v: HTMLVideoElement) => v.paused))
      .toBe(false);
    await page.getByRole('button', { name: 'Share' }).click();
    expect(await page.getByRole('link', { name: 'Favorite' }).getAttribute('href')).toBe(
      `${origin}/gifs/waving-robot-${id}?utm_source=blog&ref=fave`,
    );
    await context.close();
    // Without a tracking query there is no pause/play button.
    const plain = await browser.newPage({ viewport: { width: 480, height: 480 } });
    await plain.goto(`${origin}/embed/${id}`);
    await plain.mouse.move(240, 240);
    await plain.locator('.player.hover').waitFor();
    expect(await plain.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    await plain.close();
  });

  it('on a phone, tapping a GIF that has a source video opens the footer with Watch', async () => {
    const context = await browser.newContext({
      viewport: { width: 320, height: 320 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${origin}/embed/${fromVideo.vimeo}`);
    const footer = page.locator('.chrome.footer');
    expect(await footer.evaluate((e) => getComputedStyle(e).opacity)).toBe('0');
    await page.locator('a.media-link').tap();
    await expect.poll(() => footer.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    expect(page.url()).toBe(`${origin}/embed/${fromVideo.vimeo}`);
    expect(await page.getByRole('button', { name: 'Watch' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(false);
    await saveScreenshot(page, 'embed-phone-footer-320');
    await context.close();
  });

  it('hides the chrome in frames under 250x199, keeps it on a 320x320 phone', async () => {
    for (const [width, height, shown] of [
      [320, 320, true],
      [240, 320, false],
      [320, 190, false],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(`${origin}/embed/${id}`);
      await page.mouse.move(width / 2, height / 2);
      const display = await page
        .locator('header.chrome')
        .evaluate((e) => getComputedStyle(e).display);
      expect(display !== 'none', `${width}x${height}`).toBe(shown);
      await saveScreenshot(page, `embed-${width}x${height}`);
      await context.close();
    }
  });

  it('plays inside another site’s page, which cannot frame the rest of Jiffy', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    await page.goto(thirdPartyUrl);
    const player = page.frameLocator('#player');
    await expect
      .poll(() =>
        player.locator('video.media').evaluate((v: HTMLVideoElement) => v.currentTime > 0),
      )
      .toBe(true);
    // Chromium refuses to show a page whose policy forbids framing: the frame holds its error page.
    const home = await (await page.locator('#home').elementHandle()).contentFrame();
    expect(home!.url()).toMatch(/^chrome-error:/);
    await saveScreenshot(page, 'embed-third-party-page');
    await context.close();
  });

  it('reports one View when it loads, which the creator dashboard counts as an embed view', async () => {
    const context = await browser.newContext({ viewport: { width: 480, height: 480 } });
    const page = await context.newPage();
    await page.goto(`${origin}/embed/${viewed}`);
    await page.locator('.player.live').waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const events = async () =>
      (await t.jiffy.services.siteEvents.latest('Embed', 1000)).filter((e) => e.gif_id === viewed);
    await expect.poll(async () => (await events()).length).toBe(1);
    expect(await events()).toMatchObject([
      { action: 'View', label: 'Load', gif_id: viewed, page: `/embed/${viewed}` },
    ]);
    await context.close();
  });

  it('shows a small styled page for an unknown GIF', async () => {
    const page = await browser.newPage({ viewport: { width: 480, height: 480 } });
    const response = await page.goto(`${origin}/embed/doesnotexist`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('main.not-found').textContent()).toContain('not here any more');
    await page.close();
  });
});
