import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeAnimatedGif } from '@jiffy/media/testing';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { blockingOf, runAxe } from './support/axe.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The photo: 1600×1200, so the page scales it to 1080×810. */
const PHOTO = { width: 1600, height: 1200 };
const SCALED = { width: 1080, height: 810 };

/** A smooth dark gradient, nothing like the sticker's bright bars and white square. */
function photoPixels(): Buffer {
  const { width, height } = PHOTO;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = 20 + Math.round((40 * x) / width);
      data[i + 1] = 40 + Math.round((40 * y) / height);
      data[i + 2] = 60;
    }
  return data;
}

/** Share of pixels in a box whose colour is far (any channel > 60) from the photo's. */
function changedShare(
  scene: { data: Buffer; width: number; channels: number },
  photo: { data: Buffer; width: number; channels: number },
  box: { left: number; top: number; width: number; height: number },
): number {
  let changed = 0;
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++) {
      const s = (y * scene.width + x) * scene.channels;
      const p = (y * photo.width + x) * photo.channels;
      const far = [0, 1, 2].some((c) => Math.abs(scene.data[s + c]! - photo.data[p + c]!) > 60);
      if (far) changed++;
    }
  return changed / (box.width * box.height);
}

// /ar-scenes in real Chromium against a real Jiffy: a photo, a sticker from the maker's
// picker placed with the keyboard, the PNG and GIF downloads checked pixel by pixel, the upload
// through the maker's form, and a picture from Chromium's fake camera.
describe('/ar-scenes in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let dir: string;
  let photo: string;
  let notAPhoto: string;
  let apiKey: string;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    await signedInUsers(t, [['scener', 'creator']]);
    apiKey = (await t.jiffy.services.apiKeys.create('idscener', 'scenes')).key;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-scenes-e2e-'));
    photo = path.join(dir, 'lake.jpg');
    await sharp(photoPixels(), { raw: { ...PHOTO, channels: 3 } })
      .jpeg({ quality: 95 })
      .toFile(photo);
    notAPhoto = path.join(dir, 'notes.txt');
    await fs.writeFile(notAPhoto, 'not a picture');
    const sticker = await makeAnimatedGif({
      path: path.join(dir, 'star.gif'),
      width: 80,
      height: 80,
      frames: 4,
      alpha: true,
    });
    await t.uploadFileAndWait(sticker, { title: 'Star', tags: 'star', is_sticker: 'true' });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  /** A page of its own context; axe is injected as a script, which the site's CSP forbids. */
  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    return context.newPage();
  }

  /** What the focused control is called, or null when focus left the page's controls. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent;
      return name?.trim() ?? '';
    });

  async function open(page: Page) {
    await page.goto(`${origin}/ar-scenes`);
    await page.getByRole('heading', { name: 'AR scenes' }).waitFor();
  }

  /** Loads the photo and places the Star sticker, then moves it right by 5 keyboard steps. */
  async function photoWithSticker(page: Page) {
    await page.getByLabel('Photo from this device').setInputFiles(photo);
    await page.getByRole('img', { name: 'Preview of the scene' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add sticker Star' }).click();
    const handle = page.getByRole('button', { name: /^Sticker Star/ });
    await handle.waitFor();
    const before = await handle.boundingBox();
    await handle.focus();
    // 5 steps of 2%: the sticker's centre goes from 50% to 60% of the width.
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    const after = await handle.boundingBox();
    expect(after!.x).toBeGreaterThan(before!.x);
  }

  /** Clicks a save button and reads what the browser downloads. */
  async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: button }).click(),
    ]);
    const saved = path.join(dir, `${Date.now()}-${file.suggestedFilename()}`);
    await file.saveAs(saved);
    return { name: file.suggestedFilename(), bytes: await fs.readFile(saved) };
  }

  it('refuses what is not a photo, then saves a PNG and an animated GIF with the sticker where it was placed', async () => {
    const page = await newPage();
    const errors = watchPageErrors(page);
    await open(page);
    // Headless Chromium has no camera: the button says why it cannot be used.
    // (The button is also disabled while the page looks for a camera: wait for the reason.)
    await page.getByText('No camera was found on this device.').waitFor();
    const camera = page.getByRole('button', { name: 'Use the camera' });
    expect(await camera.isDisabled()).toBe(true);
    expect(await camera.getAttribute('aria-describedby')).toBe(
      await page.getByText('No camera was found on this device.').getAttribute('id'),
    );
    await saveScreenshot(page, 'ar-scenes-source-desktop');

    await page.getByLabel('Photo from this device').setInputFiles(notAPhoto);
    await page.getByText('“notes.txt” is not a picture.', { exact: false }).waitFor();

    await photoWithSticker(page);
    expect(await page.getByText(`PNG ${SCALED.width}×${SCALED.height}`).count()).toBe(1);
    // The editor itself (the sweep in accessibility.browser.test.ts sees the page before a photo).
    expect(blockingOf(await runAxe(page), 'the scene editor (visitor)')).toEqual([]);
    await saveScreenshot(page, 'ar-scenes-desktop');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'ar-scenes-phone');
    await page.setViewportSize(DESKTOP);

    // The PNG: the photo at its scaled size, the sticker drawn over it where it was placed
    // (centre 60%, 50%; 30% of the width, square) and nowhere else.
    const png = await download(page, 'Save as PNG');
    expect(png.name).toBe('jiffy-scene.png');
    const scene = await sharp(png.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([scene.info.format, scene.info.width, scene.info.height]).toEqual([
      'raw',
      SCALED.width,
      SCALED.height,
    ]);
    expect((await sharp(png.bytes).metadata()).format).toBe('png');
    const reference = await sharp(photo)
      .resize(SCALED.width, SCALED.height)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const side = Math.round(0.3 * SCALED.width);
    const stickerBox = {
      left: Math.round(0.6 * SCALED.width - side / 2),
      top: Math.round(0.5 * SCALED.height - side / 2),
      width: side,
      height: side,
    };
    const leftOfIt = { left: 0, top: 0, width: Math.round(0.4 * SCALED.width), height: 800 };
    const sceneImage = { data: scene.data, width: scene.info.width, channels: scene.info.channels };
    const photoImage = {
      data: reference.data,
      width: reference.info.width,
      channels: reference.info.channels,
    };
    const inBox = changedShare(sceneImage, photoImage, stickerBox);
    const outside = changedShare(sceneImage, photoImage, leftOfIt);
    console.log(
      `PNG pixels changed: ${(inBox * 100).toFixed(1)}% in the sticker's box, ${(outside * 100).toFixed(2)}% left of it`,
    );
    // The sticker's disc covers about a sixth of its box.
    expect(inBox).toBeGreaterThan(0.08);
    expect(outside).toBeLessThan(0.001);

    // The GIF: animated (the sticker's 4 frames of 0.1 s at 15 fps), the maker's size.
    const started = Date.now();
    const gif = await download(page, 'Save as GIF');
    console.log(`GIF saved in ${Date.now() - started} ms, ${gif.bytes.length} bytes`);
    expect(gif.name).toBe('jiffy-scene.gif');
    const meta = await sharp(gif.bytes, { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(6);
    expect([meta.width, meta.pageHeight]).toEqual([480, 360]);
    // Frames differ where the sticker moves: it is animated, not one picture repeated.
    const frame = (n: number) => sharp(gif.bytes, { page: n }).raw().toBuffer();
    expect((await frame(0)).equals(await frame(3))).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('uploads the scene as a signed-in creator, through the maker’s form, to the new GIF’s page', async () => {
    const page = await newPage();
    const errors = watchPageErrors(page);
    await signInContext(page.context(), t, origin, 'scener');
    await page.goto(`${origin}/ar-scenes`);
    await page.getByRole('heading', { name: 'AR scenes' }).waitFor();
    await photoWithSticker(page);
    expect(blockingOf(await runAxe(page), 'the scene editor (creator)')).toEqual([]);

    // By keyboard alone, in reading order: the sticker over the picture, then the steps.
    await page.getByRole('heading', { name: 'AR scenes' }).click();
    const names: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const name = await focused(page);
      if (name === null) continue;
      names.push(name.startsWith('Sticker Star') ? 'Sticker Star' : name);
      if (name === 'About') break;
    }
    expect(names).toEqual([
      'Sticker Star',
      'Pause',
      'Choose another',
      'Search stickers',
      'Find stickers',
      'Add sticker Star',
      'Enlarge sticker Star',
      'Shrink sticker Star',
      'Remove sticker Star',
      'Save as PNG',
      'Save as GIF',
      'Title',
      'Tags',
      'Suggest tags',
      'Rating',
      'Upload to Jiffy',
      'About',
    ]);

    await page.getByLabel('Title').fill('Lake with a star');
    // Suggestions read the scene's frames as the maker's do: the server answers with chips,
    // or with none to offer (the library here is one sticker).
    await page.getByRole('button', { name: 'Suggest tags' }).click();
    const answered = async () =>
      (await page.getByRole('list', { name: 'Suggested tags' }).count()) +
      (await page.getByText('No more suggestions.').count());
    await expect.poll(answered, { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByLabel('Tags', { exact: true }).fill('lake, star');
    await page.getByLabel('Tags', { exact: true }).press('Enter');
    await page.getByLabel('Rating').selectOption('pg');
    await page.getByRole('button', { name: 'Upload to Jiffy' }).click();
    await page.waitForURL(/\/gifs\/lake-with-a-star-[^/]+$/, { timeout: 90_000 });
    await page.getByRole('heading', { name: 'Lake with a star' }).waitFor();

    const id = page.url().split('-').pop()!;
    const answer = await fetch(`${origin}/v1/gifs/${id}?api_key=${apiKey}`);
    const made = (
      (await answer.json()) as {
        data: {
          username: string;
          rating: string;
          images: { original: { width: string; height: string; frames: string } };
        };
      }
    ).data;
    expect(made.username).toBe('scener');
    expect(made.rating).toBe('pg');
    expect(made.images.original).toMatchObject({ width: '480', height: '360', frames: '6' });
    const tagged = await fetch(`${origin}/v1/gifs/search?api_key=${apiKey}&q=lake`);
    expect(((await tagged.json()) as { data: { id: string }[] }).data.map((g) => g.id)).toContain(
      id,
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('takes the picture from a camera (Chromium’s fake device) and saves it', async () => {
    const withCamera = await launchChromium([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ]);
    try {
      const page = await withCamera.newPage({ viewport: DESKTOP });
      const errors = watchPageErrors(page);
      await open(page);
      const camera = page.getByRole('button', { name: 'Use the camera' });
      await expect.poll(() => camera.isEnabled()).toBe(true);
      await camera.click();
      const take = page.getByRole('button', { name: 'Take photo' });
      await expect.poll(() => take.isEnabled()).toBe(true);
      await take.click();
      await page.getByText('From the camera').waitFor();
      const size = (await page.getByText(/^GIF \d+×\d+; PNG \d+×\d+$/).textContent())!;
      const [, width, height] = /PNG (\d+)×(\d+)/.exec(size)!.map(Number);
      const png = await download(page, 'Save as PNG');
      const { data, info } = await sharp(png.bytes).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([width, height]);
      expect(width).toBeGreaterThan(0);
      // The fake camera draws a moving pattern: the picture is not one flat colour.
      const values = new Set<number>();
      for (let i = 0; i < data.length; i += info.channels * 97) values.add(data[i]!);
      expect(values.size).toBeGreaterThan(4);
      // The stream ended with the capture: the camera is no longer in use.
      expect(await page.locator('video').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await withCamera.close();
    }
  }, 120_000);
});
