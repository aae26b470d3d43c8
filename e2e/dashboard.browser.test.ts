import type http from 'node:http';
import { text } from 'node:stream/consumers';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import type { SiteClient } from '../apps/server/testing/site-client.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { blockingOf, runAxe } from './support/axe.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import {
  openDashboard as openDashboardAs,
  startBlog,
  viewLinePixels,
} from './support/dashboard-pages.ts';
import { describeFocus, recordUnfocusedRings } from './support/keyboard-checks.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** The width the header's account menu is checked at on a laptop. */
const LAPTOP = { width: 1280, height: 900 };
// The creator's three GIFs: "comet" finds the first two, "tail" the second, and the first's
// related GIFs (shared tags) are the other two.
const GIFS = [
  { key: 'loop', title: 'Comet loop', tags: 'comet,space' },
  { key: 'tail', title: 'Comet tail', tags: 'comet,tail,space' },
  { key: 'moon', title: 'Moon rise', tags: 'moon,space' },
] as const;
type Key = (typeof GIFS)[number]['key'];

interface SourceFigures {
  source: string;
  views: number;
  clicks: number;
}

// The creator dashboard end to end in real Chromium: a creator's GIFs are seen on the site (a
// search, then a GIF page), in embeds on someone's blog and through the widget kit on it; the
// roll-up job runs as configured, and the creator's /dashboard shows views by source, the chart,
// the searches that found the GIFs, and downloads the same figures as CSV.
describe('the creator dashboard in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let maker: SiteClient;
  let mod: SiteClient;
  let blog: http.Server;
  let blogUrl: string;
  const ids = {} as Record<Key, string>;
  const visits: BrowserContext[] = [];

  beforeAll(async () => {
    // The roll-up every second, counting events as soon as they are stored (no lag for
    // inserts in flight: nothing else writes while the test waits).
    ({ t, origin } = await startListeningJiffy({
      ANALYTICS_ROLLUP_SECONDS: '1',
      ANALYTICS_ROLLUP_LAG_SECONDS: '0',
    }));
    ({ maker, mod } = (await signedInUsers(t, [
      ['maker', 'creator'],
      ['mod', 'moderator'],
    ])) as { maker: SiteClient; mod: SiteClient });
    const apiKey = (await t.jiffy.services.apiKeys.create('idmaker', 'uploads')).key;
    // All at once: the queue makes every upload's page renditions before any one's others.
    await Promise.all(
      GIFS.map(async (gif, i) => {
        const bytes = await animatedImage({ width: 160 + 20 * i, height: 120, frames: 2 });
        const fields = { api_key: apiKey, title: gif.title, tags: gif.tags, username: 'maker' };
        ids[gif.key] = await t.uploadAndWait({ name: 'g.gif', bytes }, fields, { complete: false });
      }),
    );
    // Someone's blog on another origin: two of the GIFs embedded, a search for "tail" through
    // the widget kit.
    ({ server: blog, url: blogUrl } = await startBlog({
      origin,
      apiKey: t.apiKey,
      embedded: [ids.loop, ids.moon],
      searched: 'tail',
    }));
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    blog?.close();
    await t?.stop();
  });

  /** The creator's figures per source (views and clicks), as the dashboard API has them now. */
  const sources = async (): Promise<SourceFigures[]> => {
    const response = await maker.get('/api/v1/analytics/dashboard/?username=maker&period=week');
    const { data } = response.json<{ data: { sources: SourceFigures[] } }>();
    return data.sources.map(({ source, views, clicks }) => ({ source, views, clicks }));
  };
  const searches = async () =>
    (await maker.get('/api/v1/analytics/dashboard-trending-searches/?username=maker')).json<{
      data: { term: string; surfaced: number; gifs: number }[];
    }>().data;

  it('counts a visitor who searches the site and opens a GIF: site views and a click', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    visits.push(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // A page with no GIFs on it, so every view below comes from the search and the GIF page.
    await page.goto(`${origin}/about`);
    await page.getByLabel('Search GIFs').fill('comet');
    await page.getByLabel('Search GIFs').press('Enter');
    await page.getByRole('heading', { name: 'comet' }).waitFor();
    const tiles = page.locator('.jiffy-gif');
    await expect.poll(() => tiles.count()).toBe(2);
    await page.locator(`.jiffy-gif[data-gif-id="${ids.loop}"]`).click();
    // The visitor scrolls down to the related GIFs.
    await page.getByRole('heading', { name: 'Related GIFs' }).waitFor();
    await page.locator(`.jiffy-gif[data-gif-id="${ids.moon}"]`).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'dashboard-visitor-gif-page');
    // Seen once per GIF per page: "Comet loop" and "Comet tail" in the search, "Moon rise"
    // among the related GIFs ("Comet tail" there again is not a second view).
    await expect
      .poll(sources, { timeout: 15_000 })
      .toEqual([{ source: 'site', views: 3, clicks: 1 }]);
    await expect.poll(searches).toEqual([{ term: 'comet', surfaced: 2, gifs: 2 }]);
    expect(errors).toEqual([]);
  });

  it('counts embeds and the widget kit on another site by where they were seen', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    visits.push(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(blogUrl);
    await page.locator(`#tails .jiffy-gif[data-gif-id="${ids.tail}"]`).waitFor();
    await expect.poll(sources, { timeout: 15_000 }).toEqual([
      { source: 'site', views: 3, clicks: 1 },
      { source: 'embed', views: 2, clicks: 0 },
      { source: 'widget', views: 1, clicks: 0 },
    ]);
    await expect.poll(searches).toEqual([
      { term: 'comet', surfaced: 2, gifs: 2 },
      { term: 'tail', surfaced: 1, gifs: 1 },
    ]);
    await saveScreenshot(page, 'dashboard-blog-with-embeds-and-widget');
    expect(errors).toEqual([]);
  });

  /** The creator's cookies once the first dashboard has signed in through the form. */
  let session: BrowserContextOptions['storageState'];
  /** The creator signed in on /dashboard, its figures loaded. */
  const openDashboard = async (viewport: typeof PHONE) => {
    const opened = await openDashboardAs(browser, origin, 'maker', viewport, session);
    session ??= await opened.page.context().storageState();
    return opened;
  };

  it('shows the creator views by source, the chart and the searches, and downloads the CSV', async () => {
    for (const context of visits) await context.close();
    const { page, errors, close } = await openDashboard(DESKTOP);

    const totals = page.locator('.dashboard-totals');
    expect(await totals.locator('dt').allTextContents()).toEqual([
      'views',
      'clicks',
      'shares',
      'favorites',
    ]);
    expect(await totals.locator('dd').allTextContents()).toEqual(['6', '1', '0', '0']);
    const rows = page.getByRole('table', { name: 'Views by source' }).getByRole('row');
    expect(await rows.allInnerTexts()).toEqual(['site\t3', 'embed\t2', 'widget\t1']);
    expect(await viewLinePixels(page)).toBeGreaterThan(100);
    expect(
      await page.getByRole('list', { name: 'Searches' }).getByRole('listitem').allTextContents(),
    ).toEqual(['comet (2)', 'tail (1)']);
    // Each GIF was seen twice (equal figures, so their order is the ids' and not asserted).
    const top = page.getByRole('list', { name: 'Top GIFs' }).getByRole('listitem');
    expect((await top.allTextContents()).sort()).toEqual([
      'Comet loop — 2 views',
      'Comet tail — 2 views',
      'Moon rise — 2 views',
    ]);
    await page.getByText('Every upload of yours is showing.').waitFor();
    await saveScreenshot(page, 'dashboard-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('jiffy-dashboard-maker-week.csv');
    // Read from the browser, which may run in another process (the run's shared Chromium).
    const lines = (await text(await download.createReadStream())).trim().split('\n');
    expect(lines[0]).toBe('section,key,label,views,clicks,shares,favorites,surfaced');
    expect(lines.filter((l) => l.startsWith('source,'))).toEqual([
      'source,site,site,3,1,0,0,',
      'source,embed,embed,2,0,0,0,',
      'source,widget,widget,1,0,0,0,',
    ]);
    expect(lines.filter((l) => l.startsWith('search,'))).toEqual([
      'search,comet,comet,,,,,2',
      'search,tail,tail,,,,,1',
    ]);
    const days = lines.filter((l) => l.startsWith('day,'));
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toMatch(/^day,\d{4}-\d\d-\d\d,\d{4}-\d\d-\d\d,6,1,0,0,$/);

    // Today alone: one day, the same figures, as bars (a one-point line chart was a dot).
    await page.getByRole('button', { name: 'Today' }).click();
    await page.getByRole('button', { name: 'Today', pressed: true }).waitFor();
    const day = page.getByRole('table', { name: 'The day’s figures' });
    await day.waitFor();
    expect(await page.locator('.dashboard-chart canvas').count()).toBe(0);
    await expect.poll(() => totals.locator('dd').allTextContents()).toEqual(['6', '1', '0', '0']);
    const bars = await day.getByRole('row').evaluateAll((rows) =>
      rows.map((row) => {
        const bar = row.querySelector('.day-bar')!;
        return {
          figure: row.querySelector('th')!.textContent,
          value: row.lastElementChild!.textContent,
          width: Math.round(bar.getBoundingClientRect().width),
          colour: getComputedStyle(bar).backgroundColor,
        };
      }),
    );
    expect(bars.map((b) => [b.figure, b.value])).toEqual([
      ['Views', '6'],
      ['Clicks', '1'],
      ['Shares', '0'],
      ['Favorites', '0'],
    ]);
    // Views fill the bars' column, clicks a sixth of it, in the chart's colours.
    expect(bars[0]!.width).toBeGreaterThan(400);
    expect(Math.abs(bars[1]!.width - bars[0]!.width / 6)).toBeLessThanOrEqual(1);
    expect(bars[2]!.width).toBe(0);
    expect(bars[0]!.colour).toBe('rgb(0, 204, 255)');
    await saveScreenshot(page, 'dashboard-today');

    // One GIF chosen: its figures, and only the searches that led to it (none to the moon).
    await page.locator('.dashboard-controls select').selectOption({ label: 'Moon rise' });
    await page.getByRole('heading', { name: 'Searches that led to this GIF' }).waitFor();
    await page.getByText('No searches showed this GIF in this period.').waitFor();
    await expect.poll(() => totals.locator('dd').allTextContents()).toEqual(['2', '0', '0', '0']);
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone: no sideways scrolling, periods on one row, the chart the page’s width', async () => {
    const { page, errors, close } = await openDashboard(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    const periods = await Promise.all(
      ['Today', 'Last 7 days', 'Last 30 days'].map((name) =>
        page.getByRole('button', { name }).boundingBox(),
      ),
    );
    // One row, and no label broken over two lines (all as tall as one line of "Today").
    expect(new Set(periods.map((box) => Math.round(box!.y))).size).toBe(1);
    expect(new Set(periods.map((box) => Math.round(box!.height))).size).toBe(1);
    const margin = (await page.getByRole('heading', { name: 'Dashboard' }).boundingBox())!.x;
    const chartWidth = async () =>
      (await page.locator('.dashboard-chart canvas').boundingBox())!.width;
    expect(await chartWidth()).toBeGreaterThan(PHONE.width - 2 * margin - 40);
    expect(await chartWidth()).toBeLessThanOrEqual(PHONE.width - 2 * margin);
    expect(await viewLinePixels(page)).toBeGreaterThan(50);
    await saveScreenshot(page, 'dashboard-phone');

    // Today, one day: each figure a labelled bar with its number beside it, in the page.
    await page.getByRole('button', { name: 'Today' }).click();
    const day = page.getByRole('table', { name: 'The day’s figures' });
    await day.waitFor();
    const views = Number(await page.locator('.dashboard-totals dd').first().textContent());
    const rows = await day.getByRole('row').evaluateAll((all) =>
      all.map((row) => ({
        label: row.querySelector('th')!.textContent,
        value: row.lastElementChild!.textContent,
        right: row.lastElementChild!.getBoundingClientRect().right,
        bar: row.querySelector('.day-bar')!.getBoundingClientRect().width,
      })),
    );
    expect(rows.map((row) => row.label)).toEqual(['Views', 'Clicks', 'Shares', 'Favorites']);
    expect(rows[0]!.value).toBe(String(views));
    for (const row of rows) {
      expect(row.value).toMatch(/^\d+$/);
      expect(row.right).toBeLessThanOrEqual(PHONE.width - margin);
    }
    if (views > 0) expect(rows[0]!.bar).toBeGreaterThan(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await saveScreenshot(page, 'dashboard-today-phone');
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.locator('.dashboard-chart canvas').waitFor();

    // Turned sideways, the chart widens with the page.
    await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
    await expect.poll(chartWidth).toBeGreaterThan(PHONE.height - 2 * margin - 40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.height);
    expect(errors).toEqual([]);
    await close();
  });

  it('takes the creator from the header’s account menu to /dashboard by keyboard alone', async () => {
    // bypassCSP: axe's inline script audits the open menu.
    const context = await browser.newContext({ viewport: LAPTOP, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signInContext(context, t, origin, 'maker');
    const account = page.getByRole('button', { name: '@maker' });

    // Tab from the top of the page reaches the button, past the header's sections.
    await page.goto(`${origin}/about`);
    await account.waitFor();
    await page.evaluate(recordUnfocusedRings);
    const focused = () => page.evaluate(describeFocus).then((stop) => stop.name);
    for (let i = 0; i < 20 && !(await focused()).startsWith('@maker'); i++)
      await page.keyboard.press('Tab');
    expect(await focused()).toBe('@maker, account menu');
    expect(await account.getAttribute('aria-expanded')).toBe('false');

    // Enter opens it: a creator's own pages, then Settings and Log out; nothing for staff.
    await page.keyboard.press('Enter');
    expect(await account.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`[id="${await account.getAttribute('aria-controls')}"]`);
    expect(
      await panel.getByRole('list', { name: 'Your GIFs' }).getByRole('link').allInnerTexts(),
    ).toEqual([
      'Upload',
      'Create a GIF',
      'Edit your GIFs',
      'Dashboard',
      'Stories',
      'Favorites',
      '@maker',
    ]);
    expect(await panel.getByRole('list', { name: 'Staff' }).count()).toBe(0);
    expect(await panel.getByRole('link', { name: 'Apply to be a creator' }).count()).toBe(0);
    await panel.getByRole('link', { name: 'Settings' }).waitFor();
    await panel.getByRole('button', { name: 'Log out' }).waitFor();
    expect(blockingOf(await runAxe(page), 'the open account menu')).toEqual([]);
    await saveScreenshot(page, 'account-menu-desktop');

    // Escape closes it and leaves focus on the button; Space opens it again.
    await page.keyboard.press('Escape');
    expect(await panel.isVisible()).toBe(false);
    expect(await focused()).toBe('@maker, account menu');
    await page.keyboard.press(' ');
    await panel.waitFor();

    // Tab walks its links in order; Enter on Dashboard opens the dashboard, the menu closed.
    const stops: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      stops.push(await focused());
    }
    expect(stops).toEqual(['Upload', 'Create a GIF', 'Edit your GIFs', 'Dashboard']);
    expect((await page.evaluate(describeFocus)).ringVisible).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await panel.isVisible()).toBe(false);
    expect(await account.getAttribute('aria-expanded')).toBe('false');

    // On a phone the open panel spans the header, inside the screen; a click outside closes it.
    await page.setViewportSize(PHONE);
    await account.click();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.width).toBeGreaterThan(PHONE.width / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await saveScreenshot(page, 'account-menu-phone');
    // The panel now drops over the phone header's search row, so the click lands below it.
    expect(box.y + box.height + 20).toBeLessThan(PHONE.height);
    await page.mouse.click(PHONE.width / 2, box.y + box.height + 20);
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks a GIF a moderator took down, with no edit link, and its edit page says why', async () => {
    const taken = await mod.post('/api/v3/content-takedown/takedown', {
      gif_id: ids.tail,
      reason: 'copyright',
      note: 'From a film.',
    });
    expect(taken.statusCode).toBe(200);
    const { page, errors, close } = await openDashboard(DESKTOP);
    const uploads = page.getByRole('list', { name: 'Uploads not showing' });
    const item = uploads.getByRole('listitem');
    await expect
      .poll(() => item.allInnerTexts())
      .toEqual([
        'Comet tail Taken down: Copyright or trademark. It can’t be edited while it is down; ' +
          'the moderator’s note is in Settings.',
      ]);
    expect(await item.getByRole('link', { name: 'Comet tail' }).count()).toBe(0);
    // Top GIFs list what the public can open: not the taken-down GIF, nor in the GIF choice.
    const top = page.getByRole('list', { name: 'Top GIFs' }).getByRole('link');
    expect((await top.allInnerTexts()).sort()).toEqual(['Comet loop', 'Moon rise']);
    expect(await page.getByRole('option', { name: 'Comet tail' }).count()).toBe(0);
    // The mark is visible: the badge is red, not the text's colour.
    const badge = item.getByText('Taken down', { exact: true });
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 77, 77)');
    await saveScreenshot(page, 'dashboard-taken-down');

    // Reached another way (the /edit/gifs grid, an old bookmark), the edit page explains.
    await page.goto(`${origin}/edit/gifs/${ids.tail}`);
    await page.getByRole('heading', { name: 'Comet tail was taken down', level: 1 }).waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('region', { name: 'Takedowns' }).getByText('From a film.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('links a renamed GIF in Top GIFs under its new title, to its page', async () => {
    const renamed = await maker.post('/ajax/gif/update', {
      gif_id: ids.loop,
      key: 'title',
      value: 'Comet spiral',
    });
    expect(renamed.statusCode).toBe(200);
    const { page, errors, close } = await openDashboard(DESKTOP);
    const link = page.getByRole('list', { name: 'Top GIFs' }).getByRole('link', {
      name: 'Comet spiral',
    });
    expect(new URL((await link.getAttribute('href'))!).pathname).toBe(
      `/gifs/comet-spiral-${ids.loop}`,
    );
    await link.click();
    await page.getByRole('heading', { name: 'Comet spiral', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
