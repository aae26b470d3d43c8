import fs from 'node:fs/promises';
import path from 'node:path';
import { makeVideo } from '@jiffy/media/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gif } from '../packages/contracts/src/index.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import type { JiffyFetch } from '../packages/fetch-api/src/index.ts';
import type { renderVideo } from '../packages/widgets/src/index.ts';
import { launchChromium, saveScreenshot } from './support/browser.ts';
import { openKitPage } from './support/kit-page.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';

/** The page's window once the standalone bundle has loaded (types only; erased at runtime). */
type KitWindow = Window & {
  JiffyWidgets: { JiffyFetch: typeof JiffyFetch; renderVideo: typeof renderVideo };
  gif: Gif;
  log: [string, ...unknown[]][];
  show: (props?: Record<string, unknown>) => void;
  unmount: () => void;
  kept: HTMLVideoElement;
};

// The video widget of the standalone kit in real Chromium against a real Jiffy.
describe('the widget kit video in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  /** Chromium's default: no autoplay with sound on a page nobody has interacted with. */
  let strict: Browser;
  /** Allows it, as for a site the visitor uses often. */
  let lenient: Browser;
  let clipId: string;
  let loopId: string;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    const dir = path.join(t.dataDir, 'fixtures');
    await fs.mkdir(dir);
    const size = { width: 480, height: 270, seconds: 2 };
    // Both at once: the second video is made and sent while the first is processed.
    [clipId, loopId] = await Promise.all([
      makeVideo({ ...size, withSound: true, path: path.join(dir, 'talk.mp4') }).then((file) =>
        t.uploadFileAndWait(file, { title: 'Talking clip' }),
      ),
      makeVideo({ ...size, path: path.join(dir, 'loop.mp4') }).then((file) =>
        t.uploadFileAndWait(file, { title: 'Loop' }),
      ),
    ]);
    [strict, lenient] = await Promise.all([
      launchChromium(),
      launchChromium(['--autoplay-policy=no-user-gesture-required']),
    ]);
  });
  afterAll(async () => {
    await strict?.close();
    await lenient?.close();
    await t?.stop();
  });

  /**
   * A page with the kit, the GIF `id` loaded and `window.show(props)`, which renders the video
   * widget into `#under-test` and logs every callback into `window.log`. The harness is an init
   * script, not an evaluate: Playwright evaluates as a user gesture, and a page a visitor has
   * interacted with may autoplay with sound. `autoShow` renders as soon as the page loads.
   */
  async function videoPage(
    browser: Browser,
    id: string,
    autoShow?: Record<string, unknown>,
    { lateFrames = false } = {},
  ) {
    const opened = await openKitPage(browser, origin, {
      viewport: { width: 900, height: 700 },
      initScript: { script: installHarness, arg: { key: t.apiKey, id, autoShow, lateFrames } },
      readyMessage: 'harness ready',
    });
    return opened;
  }

  const logOf = (page: Page, name: string) =>
    page.evaluate(
      (name) => (window as unknown as KitWindow).log.filter((e) => e[0] === name).map((e) => e[1]),
      name,
    );
  const video = (page: Page) => page.locator('#under-test video');
  /** Shows the GIF with a video source Chromium cannot play as video: the GIF file itself. */
  const showUnplayable = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as KitWindow;
      const still = w.gif.images.original!;
      w.gif = {
        ...w.gif,
        video: {
          ...w.gif.video!,
          assets: { source: { url: still.url!, width: 480, height: 270 } },
        },
      };
      w.show({ muted: true });
    });

  it('autoplays a clip with sound at volume 0.7 where the browser allows it', async () => {
    const { page, errors } = await videoPage(lenient, clipId);
    await page.evaluate(() => (window as unknown as KitWindow).show());
    await expect.poll(() => logOf(page, 'onStateChange')).toEqual(['playing']);
    const state = await video(page).evaluate((v: HTMLVideoElement) => ({
      muted: v.muted,
      volume: v.volume,
      src: v.currentSrc,
    }));
    expect(state).toMatchObject({ muted: false, volume: 0.7 });
    // The clip's file with sound, not one of its silent GIF renditions.
    const gif = await page.evaluate(() => (window as unknown as KitWindow).gif);
    expect(Object.values(gif.video!.assets).map((a) => a.url)).toContain(state.src);
    expect(await logOf(page, 'onMuted')).toEqual([]);
    expect(errors).toEqual([]);
    // Its START is in before the page goes (the next test counts STARTs from a clean table).
    await expect
      .poll(async () =>
        (
          await t.jiffy.database.db
            .selectFrom('pingback_events')
            .select('action_type')
            .where('gif_id', '=', clipId)
            .execute()
        ).map((e) => e.action_type),
      )
      .toContain('START');
    await page.close();
  });

  it('plays muted and calls onMuted(true) when autoplay with sound is refused; START is stored once', async () => {
    await t.jiffy.database.db.deleteFrom('pingback_events').execute();
    const { page, errors } = await videoPage(strict, clipId, {});
    await expect.poll(() => logOf(page, 'onMuted')).toEqual([true]);
    await expect.poll(() => logOf(page, 'onStateChange')).toEqual(['playing']);
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.muted && !v.paused)).toBe(true);
    const firstPlay = await logOf(page, 'onFirstPlay');
    expect(firstPlay).toHaveLength(1);
    expect(firstPlay[0]).toBeGreaterThan(0);
    await expect
      .poll(async () =>
        (
          await t.jiffy.database.db
            .selectFrom('pingback_events')
            .select(['action_type', 'gif_id'])
            .execute()
        ).map((e) => `${e.action_type} ${e.gif_id}`),
      )
      .toEqual([`START ${clipId}`]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fires the quartiles once per loop, counts loops and stalls, and says when it ended', async () => {
    const { page } = await videoPage(lenient, loopId);
    await page.evaluate(() => {
      const w = window as unknown as KitWindow;
      w.show({ muted: true });
      // The element's own count of stalls, to compare with what onWaiting reports.
      const element = document.querySelector('#under-test video')!;
      element.addEventListener('waiting', () => w.log.push(['waiting-event']));
    });
    await expect.poll(() => logOf(page, 'onLoop'), { timeout: 15_000 }).toEqual([1, 2]);
    const quartiles = await logOf(page, 'onQuartile');
    expect(quartiles.slice(0, 6)).toEqual([0.25, 0.5, 0.75, 0.25, 0.5, 0.75]);
    expect((await logOf(page, 'onEnded')).length).toBeGreaterThanOrEqual(2);
    // Looping is not pausing: the state stayed 'playing' across both ends.
    expect(await logOf(page, 'onStateChange')).toEqual(['playing']);
    const stalls = await logOf(page, 'onWaiting');
    expect(stalls).toEqual(stalls.map((_, i) => i + 1));
    await page.close();
  });

  it('shows play/pause, mute and progress on hover, each hideable, and they work', async () => {
    const { page } = await videoPage(lenient, loopId);
    await page.evaluate(() => (window as unknown as KitWindow).show({ controls: true }));
    await expect.poll(() => logOf(page, 'onStateChange')).toEqual(['playing']);
    const controls = page.locator('#under-test .jiffy-video-controls');
    expect(await controls.count()).toBe(0);
    await page.locator('#under-test .jiffy-video').hover();
    await expect.poll(() => controls.count()).toBe(1);
    await saveScreenshot(page, 'widgets-video-controls');
    const size = await page
      .locator('#under-test .jiffy-video-play svg')
      .evaluate((svg) => svg.getBoundingClientRect().width);
    expect(size).toBe(25);

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => logOf(page, 'onStateChange')).toEqual(['playing', 'paused']);
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => logOf(page, 'onStateChange')).toEqual(['playing', 'paused', 'playing']);
    await page.getByRole('button', { name: 'Mute' }).click();
    await expect.poll(() => logOf(page, 'onMuted')).toEqual([true]);
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.getByRole('button', { name: 'Unmute' }).click();
    await expect.poll(() => logOf(page, 'onMuted')).toEqual([true, false]);
    await expect
      .poll(() => page.getByRole('progressbar').getAttribute('aria-valuenow'))
      .not.toBe('0');

    // Leaving hides them (once focus has left too); persistent controls stay; hidden ones are not there at all.
    await page.mouse.move(890, 690);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(() => controls.count()).toBe(0);
    await page.evaluate(() =>
      (window as unknown as KitWindow).show({
        controls: true,
        persistentControls: true,
        hideMute: true,
        hideProgressBar: true,
      }),
    );
    await expect.poll(() => controls.count()).toBe(1);
    expect(await page.getByRole('button', { name: /^(Play|Pause)$/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^(Mute|Unmute)$/ }).count()).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await page.close();
  });

  it('swaps to a better rendition when it grows, keeping the current time', async () => {
    const { page } = await videoPage(lenient, loopId);
    await page.evaluate(() => (window as unknown as KitWindow).show({ muted: true, width: 200 }));
    const current = () =>
      video(page).evaluate((v: HTMLVideoElement) => ({ src: v.currentSrc, time: v.currentTime }));
    await expect.poll(async () => (await current()).time).toBeGreaterThan(0.8);
    const before = await current();
    // Rendering into the same element again updates the widget in place.
    await page.evaluate(() => (window as unknown as KitWindow).show({ muted: true, width: 480 }));
    await expect.poll(async () => (await current()).src).not.toBe(before.src);
    const gif = await page.evaluate(() => (window as unknown as KitWindow).gif);
    expect(before.src).toBe(gif.images.fixed_width?.mp4);
    expect((await current()).src).toBe(gif.images.original?.mp4);
    // Picked up where it was (a restart would be near 0), not from the beginning.
    await expect.poll(async () => (await current()).time).toBeGreaterThan(before.time - 0.1);
    expect(await page.locator('#under-test video').count()).toBe(1);
    await page.close();
  });

  it('reports an unplayable file with code 4 and its type, logged and passed to onError', async () => {
    const { page, errors } = await videoPage(lenient, loopId);
    await showUnplayable(page);
    const message = 'Can not play a video of type "gif" on this platform.';
    await expect.poll(() => logOf(page, 'onError')).toEqual([4]);
    const logged = await page.evaluate(() => (window as unknown as KitWindow).log);
    expect(logged.filter((e) => e[0] === 'onError')).toEqual([['onError', 4, message]]);
    expect(errors.some((e) => e.includes(message))).toBe(true);
    await page.close();
  });

  it('reports a source that failed before its effects ran, as on a page whose frames are late', async () => {
    const { page } = await videoPage(lenient, loopId, undefined, { lateFrames: true });
    await showUnplayable(page);
    await expect.poll(() => logOf(page, 'onError')).toEqual([4]);
    await page.close();
  });

  it('warns and renders nothing without video content', async () => {
    const { page, warnings } = await videoPage(lenient, loopId);
    await page.evaluate(() => {
      const w = window as unknown as KitWindow;
      const images = Object.fromEntries(
        Object.entries(w.gif.images).map(([name, r]) => [name, { ...r, mp4: undefined }]),
      );
      w.gif = { ...w.gif, images: images };
      w.show();
    });
    await expect
      .poll(() => warnings.filter((w) => w.includes('has no video content')).length)
      .toBe(1);
    expect(await page.locator('#under-test').innerHTML()).toBe('');
    await page.close();
  });

  it('unmounts leaving no DOM, no listeners on the video and no download', async () => {
    const { page } = await videoPage(lenient, loopId);
    await page.evaluate(() => {
      const w = window as unknown as KitWindow;
      w.show({ controls: true, muted: true });
      w.kept = document.querySelector('#under-test video')!;
    });
    await expect.poll(() => logOf(page, 'onStateChange')).toEqual(['playing']);
    const cdp = await page.context().newCDPSession(page);
    const listenerCount = async () => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.kept' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
        objectId: result.objectId!,
      });
      return listeners.length;
    };
    expect(await listenerCount()).toBeGreaterThan(5);
    await page.evaluate(() => (window as unknown as KitWindow).unmount());
    expect(await page.locator('#under-test').innerHTML()).toBe('');
    expect(await listenerCount()).toBe(0);
    const kept = await page.evaluate(() => {
      const v = (window as unknown as KitWindow).kept;
      return { connected: v.isConnected, paused: v.paused, src: v.getAttribute('src') };
    });
    expect(kept).toEqual({ connected: false, paused: true, src: null });
    await page.close();
  });
});

/** Runs in the page: see `videoPage`. */
function installHarness(options: {
  key: string;
  id: string;
  autoShow?: Record<string, unknown>;
  lateFrames: boolean;
}) {
  if (options.lateFrames) {
    // A busy page or a background tab: frames come a second late. The kit runs on preact, whose
    // effects wait for the next frame or 35 ms, whichever is first; both are made late here.
    const frame = window.requestAnimationFrame.bind(window);
    const later = window.setTimeout.bind(window);
    window.requestAnimationFrame = (callback) => later(() => frame(callback), 1000);
    window.setTimeout = ((handler: () => void, ms?: number) =>
      later(handler, ms === 35 ? 1035 : ms)) as typeof setTimeout;
  }
  const callbacks = [
    'onStateChange',
    'onCanPlay',
    'onFirstPlay',
    'onWaiting',
    'onMuted',
    'onError',
    'onEnded',
    'onLoop',
    'onQuartile',
  ];
  async function setUp() {
    const w = window as unknown as KitWindow & { ready: boolean };
    const box = document.getElementById('under-test')!;
    const jf = new w.JiffyWidgets.JiffyFetch(options.key, { serverUrl: location.origin });
    const ready = () => {
      if (w.ready) return;
      w.ready = true;
      console.info('harness ready');
    };
    w.gif = (await jf.gif(options.id)).data;
    w.log = [];
    w.show = (props = {}) => {
      const logged = Object.fromEntries(
        callbacks.map((name) => [
          name,
          (...args: unknown[]) => {
            w.log.push([name, ...args]);
            // The widget has tried to play (effects run after paint): the test may act now.
            if (['onStateChange', 'onMuted', 'onError'].includes(name)) ready();
          },
        ]),
      );
      w.unmount = w.JiffyWidgets.renderVideo({ gif: w.gif, width: 320, ...logged, ...props }, box);
    };
    if (options.autoShow) w.show(options.autoShow);
    else ready();
  }
  window.addEventListener('load', () => void setUp());
}
