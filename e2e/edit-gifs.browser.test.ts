import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

const TITLES = ['Moon hop', 'Space jog', 'Star spin', 'Quiet comet'];

// The owner's editing page in real Chromium: a creator tags three of their GIFs at once, and a
// search for the new tag finds exactly those three.
describe('/edit/gifs in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let apiKey: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    await signedInUsers(t, [['maker', 'creator']]);
    apiKey = (await t.jiffy.services.apiKeys.create('idmaker', 'uploads')).key;
    for (const [i, title] of TITLES.entries()) {
      const bytes = await animatedImage({ width: 160 + 20 * i, height: 120, frames: 2 });
      const fields = { api_key: apiKey, title, tags: 'space', username: 'maker' };
      ids[title] = await t.uploadAndWait({ name: 'g.gif', bytes }, fields, { complete: false });
    }
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
  const signedInAt = async (path: string) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchPageErrors(page);
    await signInContext(page.context(), t, origin, 'maker');
    await page.goto(`${origin}${path}`);
    return { page, errors };
  };

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

  it('adds a Spanish tag on one GIF’s page, which a Spanish search then finds', async () => {
    const { page, errors } = await signedInAt(`/edit/gifs/${ids['Quiet comet']}`);
    await page.getByRole('heading', { name: 'Edit Quiet comet' }).waitFor();
    await page.getByLabel('Tags in it').fill('cometa');
    await page.getByLabel('Language').nth(1).fill('es');
    await page.getByRole('button', { name: 'Add language tags' }).click();
    await page.getByRole('heading', { name: 'es', exact: true }).waitFor();
    const found = await fetch(`${origin}/v1/gifs/search?api_key=${apiKey}&q=cometas&lang=es`);
    expect(((await found.json()) as { data: { id: string }[] }).data.map((gif) => gif.id)).toEqual([
      ids['Quiet comet'],
    ]);
    await saveScreenshot(page, 'edit-gif-desktop');
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
