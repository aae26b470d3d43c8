import { sql } from 'kysely';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import { insertGifRow } from '../apps/server/testing/gif-rows.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { SiteClient } from '../apps/server/testing/site-client.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

const DEEP = '/maker/space/planets/moons';

// Channels in real Chromium: a creator builds a tree three deep, moves a channel, fills one by
// hand and by a magic tag (the page polls the job to DONE); a visitor pages its feed (virtual
// page views stored) and searches inside it. Then an owner edits a channel in full (slug,
// featured GIF, banner, visibility) and re-ranks its tabs, and a moderator gets the same tools.
describe('channels in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let maker: SiteClient;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    ({ maker } = (await signedInUsers(t, [
      ['maker', 'creator'],
      ['mod', 'moderator'],
      ['fan', 'user'],
    ])) as { maker: SiteClient });
    const apiKey = (await t.jiffy.services.apiKeys.create('idmaker', 'uploads')).key;
    // One real upload; the other GIFs are rows sharing its files (30 uploads would take long).
    const source = await t.uploadAndWait(
      { name: 'g.gif', bytes: await animatedImage({ width: 160, height: 120, frames: 2 }) },
      { api_key: apiKey, title: 'Real moon', tags: 'real', username: 'maker' },
      { complete: false },
    );
    const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s));
    const rows = [
      ...Array.from({ length: 28 }, (_, i) => [`moon${i + 1}`, `Moon ${i + 1}`, 'moon']),
      ...[1, 2, 3].map((i) => [`sun${i}`, `Sunny day ${i}`, 'sun']),
    ];
    for (const [i, [id, title, tag]] of rows.entries()) {
      await insertGifRow(t.jiffy.services.gifRepository, {
        id: id!,
        title: title!,
        tags: [tag!],
        user_id: 'idmaker',
        width: 160,
        height: 120,
        created_at: at(i),
      });
      await sql`INSERT INTO renditions (gif_id, name, format, width, height, frames, bytes, sha256, storage_key)
        SELECT ${id}, name, format, width, height, frames, bytes, sha256, storage_key
        FROM renditions WHERE gif_id = ${source}`.execute(t.jiffy.database.db);
    }
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const gridCount = (page: Page) => page.locator('.gif-grid .jiffy-gif').count();
  const status = (page: Page) => page.locator('.channel-manager [role="status"]');
  const logIn = async (page: Page, name: string, next: string) => {
    await signInContext(page.context(), t, origin, name);
    await page.goto(`${origin}${next}`);
  };
  const tabs = (page: Page) => page.getByRole('tablist', { name: 'Tags' }).getByRole('tab');
  const create = async (page: Page, name: string) => {
    await page.getByLabel(/^New channel inside /).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => status(page).textContent()).toBe(`Made ${name}.`);
  };

  it('lets a creator build, move and fill channels, and a visitor page and search them', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await logIn(page, 'maker', '/maker');
    await page.getByRole('region', { name: 'Manage this channel' }).waitFor();

    // Three deep: Space › Planets › Moons, each made on its parent's page.
    await create(page, 'Space');
    await page.getByRole('list', { name: 'Channels' }).getByRole('link', { name: 'Space' }).click();
    await page.getByRole('heading', { name: 'Space' }).waitFor();
    await create(page, 'Planets');
    await create(page, 'Stars');
    // Stars moves into Planets with the keyboard-friendly control.
    await page.getByLabel('Move Stars into').selectOption({ label: 'Planets' });
    await expect.poll(() => status(page).textContent()).toBe('Moved Stars into Planets.');
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('link', { name: 'Planets' })
      .click();
    await page.getByRole('heading', { name: 'Planets' }).waitFor();
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('link', { name: 'Stars' })
      .waitFor();
    await create(page, 'Moons');
    await page.getByRole('list', { name: 'Channels' }).getByRole('link', { name: 'Moons' }).click();
    await page.waitForURL(`${origin}${DEEP}`);
    // Empty, it shows its owner how to fill it.
    const invite = page.getByRole('region', { name: 'Fill your channel' });
    await invite.waitFor();
    expect(await invite.getByRole('link', { name: 'Upload a GIF' }).getAttribute('href')).toBe(
      '/upload',
    );

    // By hand (links to the GIFs' pages, as a person copies them), then by a magic tag, whose
    // job the page polls until it is done.
    await page
      .getByLabel('Add GIFs by their links')
      .fill(`${origin}/gifs/sunny-day-1-sun1 ${origin}/gifs/sunny-day-2-sun2`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => status(page).textContent()).toBe('Added 2 GIFs.');
    await invite.waitFor({ state: 'detached' });
    // Every field of the manager is at the site's 16 px (iOS zooms into smaller ones on focus).
    const manager = page.getByRole('region', { name: 'Manage this channel' });
    const fontSizes = await manager
      .locator('input:not([type="checkbox"]):not([type="radio"]), select, textarea')
      .evaluateAll((fields) => fields.map((field) => getComputedStyle(field).fontSize));
    expect(fontSizes.length).toBeGreaterThan(3);
    expect(new Set(fontSizes)).toEqual(new Set(['16px']));
    // The upload picker marks the two just added and will not take them again.
    await page.getByRole('button', { name: 'Add from your uploads' }).click();
    const picked = page.getByRole('list', { name: 'Your uploads' });
    await picked.getByLabel('Sunny day 3', { exact: true }).waitFor();
    for (const title of ['Sunny day 1', 'Sunny day 2'])
      expect(await picked.getByLabel(`${title} (already in this channel)`).isDisabled()).toBe(true);
    expect(await picked.getByLabel('Sunny day 3', { exact: true }).isDisabled()).toBe(false);
    await page.getByLabel('New magic tag').fill('moon');
    await page.getByRole('button', { name: 'Add magic tag' }).click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 15_000 })
      .toBe('GIFs tagged #moon are in the channel.');
    await saveScreenshot(page, 'channels-owner');
    expect(errors).toEqual([]);
    await page.close();

    // A visitor: breadcrumbs, the feed paged by scrolling, a search inside the channel.
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorErrors = watchPageErrors(visitor);
    await visitor.goto(`${origin}${DEEP}`);
    await visitor.getByRole('heading', { name: 'Moons' }).waitFor();
    const crumbs = visitor.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['MAKER', 'Space', 'Planets']);
    expect(await visitor.getByRole('region', { name: 'Manage this channel' }).count()).toBe(0);
    await expect.poll(() => gridCount(visitor)).toBeGreaterThanOrEqual(25);
    for (let i = 0; i < 10 && (await gridCount(visitor)) < 30; i++) {
      await visitor.mouse.wheel(0, 5000);
      await visitor.waitForTimeout(300);
    }
    expect(await gridCount(visitor)).toBe(30);
    await expect
      .poll(async () =>
        (
          await t.jiffy.database.db
            .selectFrom('site_events')
            .select('page')
            .where('category', '=', 'PageView')
            .execute()
        ).map((e) => e.page),
      )
      .toEqual(expect.arrayContaining([DEEP, `/channels${DEEP}/page/2`]));
    await visitor.getByLabel('Search Moons').fill('sunny');
    await visitor.getByLabel('Search Moons').press('Enter');
    await visitor.getByText('Results for “sunny” in Moons').waitFor();
    await expect.poll(() => gridCount(visitor)).toBe(2);
    await saveScreenshot(visitor, 'channels-visitor');
    expect(visitorErrors).toEqual([]);

    // An unknown path is the styled 404.
    await visitor.goto(`${origin}/maker/space/nothing-here`);
    await visitor.getByRole('heading', { name: '404: nothing here' }).waitFor();
    await visitor.close();
  }, 120_000);

  it('lets the owner edit a channel in full and re-rank its tabs, staff see the tools, and a visitor sees the result', async () => {
    // Ocean (with three GIFs and three tabs) and its sibling Sky, made through the site API.
    const made = async (url: string, body: object) => {
      const response = await maker.post(url, body);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<{ data: { id: number } }>().data;
    };
    const ocean = await made('/api/v4/channels/', { display_name: 'Ocean' });
    await made('/api/v4/channels/', { display_name: 'Sky' });
    await made('/api/v4/channel-gifs/', { channel: ocean.id, gif: ['moon1', 'moon2', 'sun1'] });
    for (const tag of ['moon', 'sun', 'real'])
      await made('/api/v4/channel-ranked-tags/', { channel: ocean.id, tag });

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await logIn(page, 'maker', '/maker/ocean');
    await page.getByRole('region', { name: 'Manage this channel' }).waitFor();
    expect(await tabs(page).allTextContents()).toEqual(['All', '#moon', '#sun', '#real']);

    // Tabs re-ranked with a button, then by dragging #sun onto #moon; the page's tabs follow.
    await page.getByRole('button', { name: 'Move tab real up' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Moved the tab #real to place 2.');
    await expect
      .poll(() => tabs(page).allTextContents())
      .toEqual(['All', '#moon', '#real', '#sun']);
    const rows = page.getByRole('list', { name: 'Tabs' }).getByRole('listitem');
    await rows.nth(2).dragTo(rows.nth(0));
    await expect.poll(() => status(page).textContent()).toBe('Moved the tab #sun to place 1.');
    await expect
      .poll(() => tabs(page).allTextContents())
      .toEqual(['All', '#sun', '#moon', '#real']);

    // The chosen tab is in the address: a reload keeps it, and back returns to All.
    await page.getByRole('tab', { name: '#moon' }).click();
    await page.waitForURL(`${origin}/maker/ocean?tag=moon`);
    await page.reload();
    await page.getByRole('tab', { name: '#moon', selected: true }).waitFor();
    // The grid reads its feed once it is in view (below the tools here).
    await page.locator('.gif-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => gridCount(page)).toBe(2);
    await page.goBack();
    await page.waitForURL(`${origin}/maker/ocean`);
    await page.getByRole('tab', { name: 'All', selected: true }).waitFor();
    await page.locator('.gif-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => gridCount(page)).toBe(3);

    // A sibling's slug is refused in the server's words; a free one moves the page; a featured
    // GIF and a banner picked from the channel's GIFs.
    await page.getByRole('button', { name: 'Edit channel' }).click();
    await page.getByLabel('Address').fill('sky');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => status(page).textContent())
      .toBe('Another channel beside this one already has the address “sky”. Choose another.');
    await page.getByLabel('Address').fill('deep-sea');
    await page
      .getByRole('group', { name: 'Featured GIF' })
      .getByLabel('Moon 2', { exact: true })
      .check();
    await page.getByRole('group', { name: 'Banner' }).getByLabel('Sunny day 1').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Saved.');
    await page.waitForURL(`${origin}/maker/deep-sea`);
    await page.getByRole('figure', { name: 'Featured GIF' }).waitFor();

    // A visitor sees the featured GIF, the banner and the tabs in their new order.
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorErrors = watchPageErrors(visitor);
    await visitor.goto(`${origin}/maker/deep-sea`);
    await visitor.getByRole('heading', { name: 'Ocean' }).waitFor();
    const featured = visitor.getByRole('figure', { name: 'Featured GIF' });
    expect(await featured.getByRole('img').getAttribute('alt')).toBe('Moon 2');
    await expect
      .poll(() => featured.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await tabs(visitor).allTextContents()).toEqual(['All', '#sun', '#moon', '#real']);
    const banner = visitor.locator('img.channel-banner');
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await saveScreenshot(visitor, 'channels-featured');
    expect(visitorErrors).toEqual([]);

    // Hidden: the owner sees the badge, the visitor the 404 page.
    await page.getByRole('button', { name: 'Edit channel' }).click();
    await page.getByRole('checkbox', { name: /Visible to everyone/ }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('OceanHidden');
    await saveScreenshot(page, 'channels-edit');
    await visitor.reload();
    await visitor.getByRole('heading', { name: '404: nothing here' }).waitFor();
    // The one failed call the owner's page made is the refused slug.
    expect(errors).toEqual([expect.stringContaining('409 (Conflict)')]);
    await page.close();
    await visitor.close();

    // A moderator sees the hidden channel with the tools, the type among them.
    const moderator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(moderator, 'mod', '/maker/deep-sea');
    await moderator.getByRole('region', { name: 'Manage this channel' }).waitFor();
    expect(await moderator.getByRole('heading', { level: 1 }).textContent()).toBe('OceanHidden');
    await moderator.getByRole('button', { name: 'Edit channel' }).click();
    expect(await moderator.getByLabel('Type').inputValue()).toBe('community');
    await moderator.close();
  }, 120_000);

  it('deletes a sub-channel and lands on its parent without asking for the deleted channel again', async () => {
    await maker.post('/api/v4/channels/', { display_name: 'Kept' });
    const doomed = (await maker.post('/api/v4/channels/', { display_name: 'Doomed' })).json<{
      data: { id: number };
    }>().data;
    expect(
      (await maker.post('/api/v4/channels/', { display_name: 'Inner', parent: doomed.id }))
        .statusCode,
    ).toBe(201);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, 'maker', '/maker/doomed');
    await page.getByRole('region', { name: 'Manage this channel' }).waitFor();
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    // The site asks in its own dialog; a browser confirm() would be dismissed, deleting nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Delete channel' }).click();
    const asked = page.getByRole('dialog', {
      name: 'Delete Doomed and the channels inside it?',
    });
    await asked.getByRole('button', { name: 'Delete channel' }).click();
    await page.waitForURL(`${origin}/maker`);
    const tiles = page.getByRole('list', { name: 'Channels' });
    await tiles.getByRole('link', { name: 'Kept' }).waitFor();
    await expect.poll(() => tiles.getByRole('link', { name: 'Doomed' }).count()).toBe(0);
    // Time for any late re-read of the deleted channel (its page, children, feed) to land.
    await page.waitForTimeout(1500);
    expect(missing).toEqual([]);
    await page.close();
  }, 60_000);
  /**
   * Every control of `region` that a finger taps (buttons, fields, menus; a box to tick is
   * tapped through its label), as it stands on the screen.
   */
  const controlsOf = (region: Locator) =>
    region
      .locator('button, select, textarea, input:not([type="checkbox"]):not([type="radio"])')
      .evaluateAll((controls) =>
        controls
          .map((control) => {
            const box = control.getBoundingClientRect();
            const name = control.getAttribute('aria-label') ?? control.textContent?.trim();
            return {
              name: name || control.tagName,
              left: box.left,
              top: box.top,
              right: box.right,
              bottom: box.bottom,
            };
          })
          .filter((box) => box.right > box.left),
      );
  type Box = Awaited<ReturnType<typeof controlsOf>>[number];
  /** How far apart two boxes are: 0 when they touch or overlap. */
  const apart = (a: Box, b: Box) =>
    Math.max(0, b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom);
  /** The controls smaller than a fingertip (44 px) either way, and the pairs closer than 8 px. */
  const tooSmallOrTight = (boxes: Box[]) => ({
    small: boxes
      .filter((b) => b.right - b.left < 44 || b.bottom - b.top < 44)
      .map((b) => `${b.name}: ${Math.round(b.right - b.left)}x${Math.round(b.bottom - b.top)}`),
    tight: boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => apart(a, b) < 8)
        .map((b) => `${a.name} / ${b.name}: ${apart(a, b).toFixed(1)} px`),
    ),
  });

  it('offers a person every channel of theirs on a GIF page, their main one too, chosen sensibly, and a manager in their words with room for a finger on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchPageErrors(page);
    // fan has only their main channel: not a dead end, it is offered, and makes a channel.
    await logIn(page, 'fan', '/gifs/moon-3-moon3');
    await page.getByRole('button', { name: 'Add to channel' }).click();
    const picker = page.getByRole('form', { name: 'Add to channel' });
    const choice = picker.getByLabel('Channel', { exact: true });
    await expect
      .poll(() => choice.locator('option').allTextContents())
      .toEqual(['FAN (your main channel)']);
    expect(await picker.textContent()).not.toContain('Make a channel on your page first');
    await picker.getByLabel('Name of the new channel').fill('Moons I like');
    expect(tooSmallOrTight(await controlsOf(picker))).toEqual({ small: [], tight: [] });
    await saveScreenshot(page, 'channels-add-to-new-channel-phone');
    await picker.getByRole('button', { name: 'Make channel and add' }).click();
    await expect
      .poll(() => picker.getByRole('status').textContent())
      .toBe('Made Moons I like and added this GIF to it.');

    // Another GIF: the channel added to last is the one chosen, the main one still offered.
    await page.goto(`${origin}/gifs/moon-4-moon4`);
    await page.getByRole('button', { name: 'Add to channel' }).click();
    await expect
      .poll(() => choice.locator('option').allTextContents())
      .toEqual(['FAN (your main channel)', 'Moons I like']);
    expect(await choice.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe(
      'Moons I like',
    );
    await picker.getByRole('button', { name: 'Add', exact: true }).click();
    await expect
      .poll(() => picker.getByRole('status').textContent())
      .toBe('Added to Moons I like.');

    // The channel has both; its owner's tools speak plainly, apart and finger-sized.
    await page.goto(`${origin}/fan/moons-i-like`);
    // The grid reads its feed once it is in view (below the tools).
    await page.locator('.gif-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => gridCount(page)).toBe(2);
    const manager = page.getByRole('region', { name: 'Manage this channel' });
    await manager.getByLabel('New channel inside Moons I like').fill('Crescents');
    await manager.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Made Crescents.');
    await manager.getByLabel('New channel inside Moons I like').fill('Half moons');
    await manager.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Made Half moons.');
    await manager.getByLabel('New tab').fill('moon');
    await manager.getByRole('button', { name: 'Add tab' }).click();
    await manager.getByRole('button', { name: 'Remove tab moon' }).waitFor();
    await manager.getByRole('button', { name: 'Edit channel' }).click();
    expect(await manager.getByLabel('Address').inputValue()).toBe('moons-i-like');
    await manager.getByRole('button', { name: 'Arrange GIFs' }).click();
    await manager
      .getByRole('button', { name: /^Move .* down$/ })
      .first()
      .waitFor();
    expect(await manager.innerText()).not.toMatch(/slug|\bids?\b|sub-channel|parent/i);
    expect(tooSmallOrTight(await controlsOf(manager))).toEqual({ small: [], tight: [] });
    await saveScreenshot(page, 'channels-manager-phone');
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
