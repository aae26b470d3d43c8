import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

const TITLES = ['Moon hop', 'Space jog', 'Star spin', 'Quiet comet'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const COMET_ALT = 'A comet streaks across a purple sky';

type Language = { code: string; name: string };
/** A GIF's picture on a page: which GIF its media is, and what it says it shows. */
type GifPicture = { id: string; tag: string; label: string };

/** Every img (alt) and video (aria-label) in <main> whose media is one of `ids`' renditions. */
const gifPictures = (page: Page, ids: string[]) =>
  page.evaluate((ids) => {
    const found: GifPicture[] = [];
    for (const el of document.querySelectorAll('main img, main video')) {
      const src = `${el.getAttribute('src')} ${el.getAttribute('poster')}`;
      const id = ids.find((one) => src.includes(`/media/${one}/`));
      if (!id) continue;
      const label = el.tagName === 'IMG' ? el.getAttribute('alt') : el.getAttribute('aria-label');
      found.push({ id, tag: el.tagName.toLowerCase(), label: label ?? '' });
    }
    return found;
  }, ids);

/**
 * The controls in <main> shorter than 44 px, as "tag “name” height": a checkbox is measured by
 * its label, which is what a finger presses.
 */
const undersizedControls = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'main input, main select, main textarea, main button',
    )) {
      const checkbox = el instanceof HTMLInputElement && el.type === 'checkbox';
      const target = checkbox ? (el.closest('label') ?? el) : el;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const field = el as HTMLInputElement;
      const name =
        el.getAttribute('aria-label') ?? field.labels?.[0]?.textContent ?? el.textContent;
      if (box.height < 44 || (checkbox && box.width < 44))
        small.push(`${el.tagName.toLowerCase()} “${name?.trim()}” ${box.width}x${box.height}`);
    }
    return small;
  });

/** Each label of the `.edit-rows` groups under `scope`, where it and its field start. */
const labelLayout = (page: Page, scope: string) =>
  page.evaluate(
    (scope) =>
      [...document.querySelectorAll<HTMLLabelElement>(`${scope} .edit-rows > label`)].map(
        (label) => {
          const l = label.getBoundingClientRect();
          const f = document.getElementById(label.htmlFor)!.getBoundingClientRect();
          return {
            label: label.textContent,
            labelLeft: Math.round(l.left),
            fieldLeft: Math.round(f.left),
            above: l.bottom <= f.top + 1,
            // Beside its field: the label's middle within the field's height.
            beside:
              l.left < f.left &&
              (l.top + l.bottom) / 2 > f.top &&
              (l.top + l.bottom) / 2 < f.bottom,
          };
        },
      ),
    scope,
  );

/** On a phone every label sits above its field, all at one left edge. */
function expectStacked(layout: Awaited<ReturnType<typeof labelLayout>>) {
  expect(layout.length).toBeGreaterThan(1);
  expect(new Set(layout.flatMap((row) => [row.labelLeft, row.fieldLeft])).size).toBe(1);
  expect(layout.filter((row) => !row.above)).toEqual([]);
}

/** On a desktop the labels share one column and the fields the next, each label beside its field. */
function expectInColumns(layout: Awaited<ReturnType<typeof labelLayout>>) {
  expect(layout.length).toBeGreaterThan(1);
  expect(new Set(layout.map((row) => row.labelLeft)).size).toBe(1);
  expect(new Set(layout.map((row) => row.fieldLeft)).size).toBe(1);
  expect(layout.filter((row) => !row.beside)).toEqual([]);
}

// The owner's editing page in real Chromium: a creator tags three of their GIFs at once, and a
// search for the new tag finds exactly those three. Also every page's GIF pictures carry alt
// text (the shared rule in @jiffy/contracts/alt-text).
describe('/edit/gifs in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let apiKey: string;
  const ids: Record<string, string> = {};
  let cometId: string;
  let untitledId: string;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    await signedInUsers(t, [['maker', 'creator']]);
    apiKey = (await t.jiffy.services.apiKeys.create('idmaker', 'uploads')).key;
    for (const [i, title] of TITLES.entries()) {
      const bytes = await animatedImage({ width: 160 + 20 * i, height: 120, frames: 2 });
      const fields = { api_key: apiKey, title, tags: 'space', username: 'maker' };
      ids[title] = await t.uploadAndWait({ name: 'g.gif', bytes }, fields, { complete: false });
    }
    // One with the creator's own alt text, one with neither title nor alt text.
    const comet = await animatedImage({ width: 260, height: 120, frames: 2 });
    cometId = await t.uploadAndWait(
      { name: 'g.gif', bytes: comet },
      { api_key: apiKey, title: 'Comet', tags: 'space', alt_text: COMET_ALT, username: 'maker' },
      { complete: false },
    );
    const untitled = await animatedImage({ width: 280, height: 120, frames: 2 });
    untitledId = await t.uploadAndWait(
      { name: 'g.gif', bytes: untitled },
      { api_key: apiKey, tags: 'nebula, space', username: 'maker' },
      { complete: false },
    );
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const search = async (q: string) => {
    const response = await fetch(`${origin}/v1/gifs/search?api_key=${apiKey}&q=${q}&limit=10`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string }[] }).data.map((gif) => gif.id);
  };

  /** A page signed in as the creator, opened at `path`. */
  const signedInAt = async (path: string, viewport = DESKTOP) => {
    const page = await browser.newPage({ viewport });
    const errors = watchPageErrors(page);
    await signInContext(page.context(), t, origin, 'maker');
    await page.goto(`${origin}${path}`);
    return { page, errors };
  };

  it('gives every GIF picture on the home, search, GIF and channel pages alt text: its own, else its title and tags', async () => {
    const all = [...Object.values(ids), cometId, untitledId];
    const expected = {
      [cometId]: COMET_ALT,
      [untitledId]: 'nebula, space',
      [ids['Moon hop']!]: 'Moon hop: space',
    };
    const gifPage = (
      (await (await fetch(`${origin}/v1/gifs/${cometId}?api_key=${apiKey}`)).json()) as {
        data: { url: string };
      }
    ).data.url;
    for (const path of ['/', '/search/space', new URL(gifPage).pathname, '/maker']) {
      const page = await browser.newPage({ viewport: DESKTOP });
      const errors = watchPageErrors(page);
      await page.goto(`${origin}${path}`);
      // The page has drawn its GIFs: every one on a list page, the GIF and its related ones on
      // the GIF's own page.
      const wanted = path.startsWith('/gifs/') ? 2 : all.length;
      await expect
        .poll(async () => new Set((await gifPictures(page, all)).map((p) => p.id)).size)
        .toBeGreaterThanOrEqual(wanted);
      const pictures = await gifPictures(page, all);
      expect(pictures.filter((picture) => picture.label.trim() === '')).toEqual([]);
      for (const picture of pictures)
        if (expected[picture.id])
          expect([path, picture.label]).toEqual([path, expected[picture.id]]);
      if (path.startsWith('/gifs/'))
        expect(pictures.filter((p) => p.id === cometId).length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    }

    // The server's own first GIFs (before or without the site's script) and the embed player
    // say the same.
    for (const path of ['/', '/search/space', `/embed/${cometId}`]) {
      const html = await (await fetch(`${origin}${path}`)).text();
      const labels = [...html.matchAll(/<(?:img|video)\b[^>]*>/g)]
        .map((tag) => tag[0])
        .filter((tag) => all.some((id) => tag.includes(`/media/${id}/`)))
        .map((tag) => /\b(?:alt|aria-label)="([^"]*)"/.exec(tag)?.[1] ?? '');
      expect([path, labels.length > 0]).toEqual([path, true]);
      expect([path, labels.filter((label) => label.trim() === '')]).toEqual([path, []]);
    }
    const embed = await (await fetch(`${origin}/embed/${cometId}`)).text();
    expect(embed).toMatch(new RegExp(`(alt|aria-label)="${COMET_ALT}"`));
    const home = await (await fetch(`${origin}/`)).text();
    expect(home).toContain(`alt="${COMET_ALT}"`);
  });

  it('bulk-adds a tag to three GIFs, which a search for it then finds', async () => {
    expect(await search('moonwalk')).toEqual([]);
    const { page, errors } = await signedInAt('/edit/gifs');
    await page.getByRole('heading', { name: 'Your GIFs' }).waitFor();
    await page.getByRole('link', { name: 'Quiet comet' }).waitFor();

    for (const title of TITLES.slice(0, 3)) await page.getByLabel(`Select ${title}`).check();
    await page.getByText('Edit 3 selected').waitFor();
    await page.getByLabel('Tags', { exact: true }).fill('moonwalk, night sky');
    await page.getByRole('button', { name: 'Add tags' }).click();
    await page.getByRole('status').waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);
    for (const title of TITLES.slice(0, 3))
      expect(await page.getByRole('list', { name: `Tags of ${title}` }).textContent()).toBe(
        'spacemoonwalknight sky',
      );
    await saveScreenshot(page, 'edit-gifs-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'edit-gifs-phone');

    // What a search finds: the three tagged GIFs, not the fourth.
    expect((await search('moonwalk')).sort()).toEqual(
      TITLES.slice(0, 3)
        .map((title) => ids[title]!)
        .sort(),
    );
    // And the edit stuck: a fresh load of the page shows it.
    await page.reload();
    expect(await page.getByRole('list', { name: 'Tags of Quiet comet' }).textContent()).toBe(
      'space',
    );
    expect(await page.getByRole('list', { name: 'Tags of Moon hop' }).textContent()).toBe(
      'spacemoonwalknight sky',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sets the rating of selected GIFs only when asked, not as the keyboard arrows through the choices', async () => {
    const { page, errors } = await signedInAt('/edit/gifs');
    await page.getByRole('link', { name: 'Quiet comet' }).waitFor();
    const chosen = TITLES.slice(0, 2);
    for (const title of chosen) await page.getByLabel(`Select ${title}`).check();
    const ratingOf = async (title: string) => {
      const answer = await fetch(`${origin}/v1/gifs/${ids[title]}?api_key=${apiKey}`);
      return ((await answer.json()) as { data: { rating: string } }).data.rating;
    };
    const before = await Promise.all(TITLES.map(ratingOf));
    // Arrowing through the ratings applies none of them.
    const rating = page.getByLabel('Rating', { exact: true });
    await rating.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await rating.inputValue()).not.toBe('');
    await rating.selectOption({ label: 'PG' });
    await page.waitForTimeout(300);
    expect(await Promise.all(TITLES.map(ratingOf))).toEqual(before);
    await page.getByRole('button', { name: 'Set rating' }).click();
    await page.getByRole('status').waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await Promise.all(TITLES.map(ratingOf))).toEqual(
      TITLES.map((title, i) => (chosen.includes(title) ? 'pg' : before[i])),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('adds a Spanish tag on one GIF’s page, which a Spanish search then finds', async () => {
    const { page, errors } = await signedInAt(`/edit/gifs/${ids['Quiet comet']}`);
    await page.getByRole('heading', { name: 'Edit Quiet comet' }).waitFor();
    await page.getByLabel('Tags in it').fill('cometa');
    await page.getByLabel('Language').nth(1).selectOption({ label: 'Spanish' });
    await page.getByRole('button', { name: 'Add language tags' }).click();
    await page.getByRole('heading', { name: 'Spanish', exact: true }).waitFor();
    const found = await fetch(`${origin}/v1/gifs/search?api_key=${apiKey}&q=cometas&lang=es`);
    expect(((await found.json()) as { data: { id: string }[] }).data.map((gif) => gif.id)).toEqual([
      ids['Quiet comet'],
    ]);
    await saveScreenshot(page, 'edit-gif-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a phone: every control 44 px tall or more, labels in line with their fields, languages the instance’s by name', async () => {
    const answer = await fetch(`${origin}/ajax/languages`);
    const languages = ((await answer.json()) as { data: Language[] }).data;
    expect(languages.map((language) => language.code)).toEqual(
      expect.arrayContaining(['de', 'en', 'es', 'fr']),
    );
    const names = languages.map((language) => language.name);

    const { page, errors } = await signedInAt('/edit/gifs', PHONE);
    await page.getByRole('link', { name: 'Star spin' }).waitFor();
    await page.getByLabel('Select Star spin').check();
    await page.getByText('Edit 1 selected').waitFor();
    const language = page.getByLabel('Language', { exact: true });
    await expect
      .poll(() => language.locator('option').allTextContents())
      .toEqual(['Choose a language…', ...names]);
    expect(await undersizedControls(page)).toEqual([]);
    expectStacked(await labelLayout(page, '.bulk-bar'));
    await saveScreenshot(page, 'edit-gifs-phone');

    // The language chosen by name is the GIF's language on the server, and on its card.
    await language.selectOption({ label: 'Spanish' });
    await page.getByRole('button', { name: 'Set language' }).click();
    await page.getByRole('status').waitFor({ state: 'detached' });
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Star spin' }) });
    expect(await card.locator('.own-gif-facts').textContent()).toContain('GIF · Spanish');
    const metadata = await fetch(`${origin}/ajax/gifs/metadata?gif_ids=${ids['Star spin']}`);
    expect(((await metadata.json()) as { data: { lang: string }[] }).data[0]!.lang).toBe('es');

    await page.setViewportSize(DESKTOP);
    expectInColumns(await labelLayout(page, '.bulk-bar'));

    // One GIF's page: its fields, then its tags in other languages.
    await page.goto(`${origin}/edit/gifs/${ids['Star spin']}`);
    await page.getByRole('heading', { name: 'Edit Star spin' }).waitFor();
    const ownLanguage = page.getByLabel('Language').first();
    await expect.poll(() => ownLanguage.locator('option').allTextContents()).toEqual(names);
    expect(await ownLanguage.evaluate((select: HTMLSelectElement) => select.value)).toBe('es');
    expectInColumns(await labelLayout(page, '.gif-fields'));
    expectInColumns(await labelLayout(page, '.language-tags'));
    await page.setViewportSize(PHONE);
    expect(await undersizedControls(page)).toEqual([]);
    expectStacked(await labelLayout(page, '.gif-fields'));
    expectStacked(await labelLayout(page, '.language-tags'));
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await saveScreenshot(page, 'edit-gif-phone');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks in the site’s own dialog before a bulk delete: Escape keeps the GIF, Delete removes it', async () => {
    const { page, errors } = await signedInAt('/edit/gifs');
    let nativeDialogs = 0;
    page.on('dialog', (dialog) => {
      nativeDialogs++;
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Quiet comet' }).waitFor();
    await page.getByLabel('Select Quiet comet').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 1 GIF for good?' });
    await dialog.waitFor();
    // Focus is in the dialog, on its safe choice; Tab stays inside it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await saveScreenshot(page, 'edit-gifs-confirm-delete');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('link', { name: 'Quiet comet' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete 1 GIF' }).click();
    await page.getByRole('link', { name: 'Quiet comet' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('link', { name: 'Moon hop' }).waitFor();
    expect(await page.getByRole('link', { name: 'Quiet comet' }).count()).toBe(0);
    expect(nativeDialogs).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
