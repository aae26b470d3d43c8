import fs from 'node:fs/promises';
import path from 'node:path';
import { makeMp4 } from '@jiffy/media/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import { readOutbox } from '../apps/server/testing/site-client.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// The React site in real Chromium against a real Jiffy: what a visitor sees and does.
describe('the site in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  const ids: string[] = [];

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    await t.jiffy.services.users.insert({
      id: 'u_robo',
      username: 'robomaker',
      display_name: 'Robo Maker',
      description: 'Makes robots wave.',
      is_verified: true,
      role: 'creator',
    });
    const robomakersKey = (await t.jiffy.services.apiKeys.create('u_robo', 'uploads')).key;
    const titles = ['Waving robot', 'Dancing robot', 'Sleepy cat', 'Robot party'];
    // All at once: the queue makes every upload's page renditions before any one's others.
    const uploaded = titles.map(async (title, i) => {
      const bytes = await animatedImage({ width: 160 + 20 * i, height: 120, frames: 2 });
      const tags = `${title.split(' ')[1]},fun`;
      const fields = { api_key: robomakersKey, title, tags, username: 'robomaker' };
      return t.uploadAndWait({ name: 'g.gif', bytes }, fields, { complete: false });
    });
    ids.push(...(await Promise.all(uploaded)));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  async function open(path: string, viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport });
    const errors = watchPageErrors(page);
    await page.goto(`${origin}${path}`);
    return { page, errors };
  }
  const gridIds = (page: Page) =>
    page
      .locator('.gif-grid .jiffy-gif')
      .evaluateAll((tiles) => tiles.map((e) => e.getAttribute('data-gif-id')));
  const loadedTiles = (page: Page) =>
    page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLImageElement>('.gif-grid .jiffy-gif img')].filter(
          (img) => img.complete && img.naturalWidth > 1,
        ).length,
    );

  it('shows trending GIFs on the home page, on phones and on a desktop', async () => {
    for (const [name, viewport] of [
      ['small-phone', { width: 320, height: 640 }],
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, errors } = await open('/', viewport);
      await expect.poll(() => loadedTiles(page)).toBeGreaterThanOrEqual(4);
      expect(await page.getByRole('heading', { name: 'Trending GIFs', exact: true }).count()).toBe(
        1,
      );
      expect(await page.getByRole('search').count()).toBe(1);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      // The header is one row and the search box (phones: the sections scroll sideways in it),
      // with Log in and Join in view at its end. Measured in one go in the page: the site's
      // script replaces the server's copy of the header while it starts.
      const header = () =>
        page.evaluate(() => {
          const box = document.querySelector('header')!.getBoundingClientRect();
          const account = [...document.querySelectorAll('header a')]
            .filter((a) => a.textContent === 'Log in' || a.textContent === 'Join')
            .map((a) => a.getBoundingClientRect());
          return {
            height: box.height,
            accountLinks: account.length,
            accountInView: account.every(
              (a) => a.right <= window.innerWidth && a.bottom <= box.bottom && a.width > 0,
            ),
          };
        });
      await expect
        .poll(async () => {
          const { accountLinks, accountInView } = await header();
          return { accountLinks, accountInView };
        })
        .toEqual({ accountLinks: 2, accountInView: true });
      // On a phone: the logo and search box, then the sections, each row of 44 px tap targets.
      expect((await header()).height).toBeLessThanOrEqual(name === 'desktop' ? 70 : 120);
      await saveScreenshot(page, `web-home-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  /**
   * The visible targets among `selector`'s matches: each one's name and size, and where its
   * centre is (header rows are told apart by it).
   */
  const targets = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((elements) =>
      elements
        .map((element) => {
          const box = element.getBoundingClientRect();
          // What shows of it: a section scrolled out of the sections' row is clipped there.
          const shown = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
          for (let box = element.parentElement; box; box = box.parentElement) {
            if (getComputedStyle(box).overflowX === 'visible') continue;
            const clip = box.getBoundingClientRect();
            shown.left = Math.max(shown.left, clip.left);
            shown.right = Math.min(shown.right, clip.right);
            shown.top = Math.max(shown.top, clip.top);
            shown.bottom = Math.min(shown.bottom, clip.bottom);
          }
          const name =
            element.getAttribute('aria-label') ||
            element.textContent?.trim() ||
            element.getAttribute('placeholder') ||
            element.tagName;
          return {
            name,
            width: box.width,
            height: box.height,
            ...shown,
            middle: box.y + box.height / 2,
            // Its text wider than its box: squeezed, drawn over its neighbours.
            squeezed: element.scrollWidth > element.clientWidth + 1,
          };
        })
        .filter((target) => target.width > 0 && target.height > 0),
    );
  type Target = Awaited<ReturnType<typeof targets>>[number];
  /** Targets under 44 x 44, squeezed under their text, or overlapping another where they show. */
  const under44 = (found: Target[]) => [
    ...found
      .filter((target) => target.width < 44 || target.height < 44 || target.squeezed)
      .map((target) => `${target.name}: ${target.width}x${target.height}`),
    ...found.flatMap((a, i) =>
      found
        .slice(i + 1)
        .filter(
          (b) =>
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5,
        )
        .map((b) => `${a.name} overlaps ${b.name}`),
    ),
  ];

  it('gives every tap target of the header, and of the menus it opens, 44 x 44 px on a phone', async () => {
    const { page, errors } = await open('/', PHONE);
    await expect.poll(() => loadedTiles(page)).toBeGreaterThanOrEqual(4);
    // Measured once the site has taken over from the server's copy of the header (its box is
    // a combobox, the copy's a plain search box): the copy is replaced while the site starts.
    const searchBox = page.getByRole('combobox', { name: 'Search GIFs' });
    await searchBox.waitFor();
    const headerHeight = (on: Page) =>
      on.evaluate(() => document.querySelector('header')!.getBoundingClientRect().height);
    const header = await targets(page, 'header a, header button, header input');
    // The logo, six sections, Log in and Join, the search box and its button.
    expect(header.map((target) => target.name)).toHaveLength(11);
    expect(under44(header)).toEqual([]);
    // Still one row and the search box, and nothing wider than the phone.
    expect(await headerHeight(page)).toBeLessThanOrEqual(110);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    // The search box's suggestions.
    await searchBox.fill('rob');
    await expect.poll(() => page.getByRole('option').allTextContents()).toContain('robot');
    expect(under44(await targets(page, '[role="option"]'))).toEqual([]);
    await saveScreenshot(page, 'web-header-phone');
    expect(errors).toEqual([]);
    await page.close();

    // Signed in: the account menu's button, and the links and button of the panel it opens.
    await signedInUsers(t, [['tapper', 'admin']]);
    const context = await browser.newContext({ viewport: PHONE });
    await signInContext(context, t, origin, 'tapper');
    const signedIn = await context.newPage();
    const signedInErrors = watchPageErrors(signedIn);
    await signedIn.goto(`${origin}/`);
    const menuButton = signedIn.getByRole('button', { name: '@tapper, account menu' });
    await menuButton.waitFor();
    const signedInHeader = await targets(signedIn, 'header a, header button, header input');
    expect(signedInHeader.map((target) => target.name)).toContain('@tapper, account menu');
    expect(under44(signedInHeader)).toEqual([]);
    await menuButton.click();
    const panel = signedIn.locator('.account-menu-panel');
    await expect.poll(() => panel.isVisible()).toBe(true);
    const menu = await targets(signedIn, '.account-menu-panel a, .account-menu-panel button');
    expect(menu.map((target) => target.name)).toContain('Log out');
    expect(menu.length).toBeGreaterThan(5);
    expect(under44(menu)).toEqual([]);
    expect(await signedIn.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await saveScreenshot(signedIn, 'web-account-menu-phone');
    expect(signedInErrors).toEqual([]);
    await context.close();

    // A desktop's header keeps its compact row: every target in one line, as before.
    const desktop = await open('/', DESKTOP);
    await expect.poll(() => loadedTiles(desktop.page)).toBeGreaterThanOrEqual(4);
    await desktop.page.getByRole('combobox', { name: 'Search GIFs' }).waitFor();
    const row = await targets(desktop.page, 'header a, header button, header input');
    expect(row).toHaveLength(11);
    const middles = row.map((target) => target.middle);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2);
    expect(await headerHeight(desktop.page)).toBeLessThanOrEqual(70);
    expect(desktop.errors).toEqual([]);
    await desktop.page.close();
  });

  it('searches from the header with suggestions, opens a GIF and shows its embed code', async () => {
    const { page, errors } = await open('/');
    const box = page.getByRole('combobox', { name: 'Search GIFs' });
    await box.fill('rob');
    await expect.poll(() => page.getByRole('option').allTextContents()).toContain('robot');
    await page.getByRole('option', { name: 'robot' }).click();
    await expect.poll(() => page.url()).toBe(`${origin}/search/robot`);
    await expect.poll(() => page.locator('.gif-grid .jiffy-gif').count()).toBe(3);
    // Related searches: the tags the robot GIFs carry besides robot.
    const related = page.getByRole('list', { name: 'Related searches' }).getByRole('link');
    await expect.poll(() => related.allTextContents()).toEqual(['#fun']);
    await saveScreenshot(page, 'web-search-desktop');
    // A reload (or a shared link) shows the search in the box, to change it; so does a tag.
    await page.reload();
    await expect.poll(() => box.inputValue()).toBe('robot');
    await related.first().click();
    await expect.poll(() => box.inputValue()).toBe('fun');
    await page.goBack();
    await expect.poll(() => page.locator('.gif-grid .jiffy-gif').count()).toBe(3);

    const first = page.locator('.gif-grid .jiffy-gif').first();
    const id = (await first.getAttribute('data-gif-id'))!;
    // On the picture, above the hover attribution (the bottom 75 px, which opens the creator's
    // channel instead): on a short tile the centre can fall on it once the hover has rendered.
    await first.click({ position: { x: 10, y: 10 } });
    await expect.poll(() => page.url()).toMatch(new RegExp(`/gifs/[a-z-]*${id}$`));
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    expect(title).toMatch(/robot/i);
    const embed = page.getByRole('textbox', { name: 'Embed code' });
    await expect.poll(() => embed.inputValue()).toContain(`<iframe src="${origin}/embed/${id}"`);
    expect(await page.getByRole('textbox', { name: 'Link' }).inputValue()).toContain(id);
    for (const network of ['Facebook', 'Twitter', 'Tumblr', 'Pinterest', 'Reddit'])
      expect(await page.getByRole('link', { name: network }).count(), network).toBe(1);
    // Tags link to their searches; the uploader's name to their channel.
    expect(await page.getByRole('link', { name: '#fun' }).getAttribute('href')).toBe('/search/fun');
    await page.getByRole('link', { name: /Robo Maker/ }).click();
    await expect.poll(() => page.url()).toBe(`${origin}/robomaker`);
    await expect.poll(() => page.locator('.gif-grid .jiffy-gif').count()).toBe(4);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Robo Maker');
    await saveScreenshot(page, 'web-channel-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('leaves out the trending stickers row while there are no stickers, in the server’s page and the site’s', async () => {
    // This Jiffy has GIFs and no sticker at all.
    const html = await (await fetch(`${origin}/`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Trending GIFs');
    expect(html).not.toContain('Trending stickers');
    const headings = (page: Page) => page.getByRole('heading', { level: 2 }).allTextContents();
    // Without JavaScript: the server's markup.
    const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const written = await noScript.newPage();
    await written.goto(`${origin}/`);
    expect(await headings(written)).toEqual(['Trending GIFs']);
    await noScript.close();
    // With it: the site's home page, taken over from that markup and opened within the site.
    const { page, errors } = await open('/about', PHONE);
    await page.getByRole('link', { name: 'Jiffy home' }).click();
    await expect.poll(() => loadedTiles(page)).toBeGreaterThanOrEqual(4);
    expect(await headings(page)).toEqual(['Trending GIFs']);
    await page.reload();
    await page.getByRole('combobox', { name: 'Search GIFs' }).waitFor();
    await expect.poll(() => loadedTiles(page)).toBeGreaterThanOrEqual(4);
    expect(await headings(page)).toEqual(['Trending GIFs']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('suggests searches that find something when one finds nothing, alike with and without JavaScript, and offers no backdrop of nothing', async () => {
    /** What the suggestions say: their headings, and each link's words and address. */
    const suggested = (page: Page) =>
      page
        .locator('main')
        .evaluate((main) =>
          [...main.querySelectorAll('.search-suggestions :is(h2, h3, a)')].map((e) =>
            [e.tagName, e.textContent, e.getAttribute('href') ?? ''].join(' '),
          ),
        );
    const noResults = (page: Page) => page.locator('.jiffy-no-results').textContent();
    const backdrops = (page: Page) =>
      page.getByRole('link', { name: 'Play as a backdrop' }).count();
    // Without JavaScript: the server's markup.
    const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const written = await noScript.newPage();
    await written.goto(`${origin}/search/robto`);
    expect(await noResults(written)).toBe('No GIFs found for “robto”.');
    const fromServer = await suggested(written);
    // "Did you mean" the tag spelled like it; popular searches: the most used tags.
    expect(fromServer.slice(0, 4)).toEqual([
      'H2 Try another search ',
      'H3 Did you mean ',
      'A robot /search/robot',
      'H3 Popular searches ',
    ]);
    expect(fromServer).toContain('A fun /search/fun');
    expect(fromServer.at(-1)).toBe('A Upload it /upload');
    expect(await backdrops(written)).toBe(0);
    await saveScreenshot(written, 'web-search-nothing-nojs-phone');
    await noScript.close();

    // With JavaScript, from the same markup: the site takes over (its search box is a combobox)
    // with the page's own data, asking for no suggestions itself.
    const suggestionCalls = (page: Page) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/ajax/search-suggestions/')) asked.push(request.url());
      });
      return asked;
    };
    const takenOver = await open('/search/robto', PHONE);
    const askedOnTakeover = suggestionCalls(takenOver.page);
    await takenOver.page.getByRole('combobox', { name: 'Search GIFs' }).waitFor();
    await expect.poll(() => suggested(takenOver.page)).toEqual(fromServer);
    expect(askedOnTakeover).toEqual([]);
    expect(await noResults(takenOver.page)).toBe('No GIFs found for “robto”.');
    expect(await backdrops(takenOver.page)).toBe(0);
    expect(takenOver.errors).toEqual([]);
    await takenOver.page.close();

    // A search typed in the site, which asks for the suggestions itself: the same again; a
    // suggestion leads to GIFs (and a backdrop of them).
    const { page, errors } = await open('/', PHONE);
    const asked = suggestionCalls(page);
    const box = page.getByRole('combobox', { name: 'Search GIFs' });
    await box.fill('robto');
    await box.press('Enter');
    await expect.poll(() => page.url()).toBe(`${origin}/search/robto`);
    await expect.poll(() => suggested(page)).toEqual(fromServer);
    expect(asked).toEqual([`${origin}/ajax/search-suggestions/gif/robto/`]);
    expect(await backdrops(page)).toBe(0);
    await saveScreenshot(page, 'web-search-nothing-phone');
    await page
      .getByRole('list', { name: 'Did you mean' })
      .getByRole('link', { name: 'robot' })
      .click();
    await expect.poll(() => page.locator('.gif-grid .jiffy-gif').count()).toBe(3);
    expect(await backdrops(page)).toBe(1);
    expect(await page.locator('.search-suggestions').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders a GIF page on a phone with its unfurl tags in the delivered HTML', async () => {
    const response = await fetch(`${origin}/gifs/waving-robot-${ids[0]}`, {
      headers: { accept: 'text/html' },
    });
    const html = await response.text();
    expect(html).toContain('<meta property="og:title" content="Waving robot">');
    expect(html).toContain('type="application/json+oembed"');
    const { page, errors } = await open(`/gifs/waving-robot-${ids[0]}`, PHONE);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Waving robot');
    // The server writes the title and the GIF; the rest comes once the site has taken over.
    await page.getByRole('heading', { name: 'Related GIFs' }).waitFor();
    await page.getByRole('button', { name: 'Favorite' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await saveScreenshot(page, 'web-gif-phone');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets a visitor report a GIF with a reason and a note, for the moderators', async () => {
    const { page, errors } = await open(`/gifs/dancing-robot-${ids[1]}`, PHONE);
    await page.getByRole('button', { name: 'Report' }).click();
    const send = page.getByRole('button', { name: 'Send report' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Copyright or trademark' }).check();
    await page.getByLabel('Anything the moderators should know (optional)').fill('My robot.');
    await saveScreenshot(page, 'web-report-phone');
    await send.click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Thank you. A moderator will look at this GIF.');
    expect(await t.jiffy.services.reports.listOpen(10)).toMatchObject([
      { gif_id: ids[1], reason: 'copyright', note: 'My robot.', reporter_user_id: null },
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says so in words for an unknown channel and an unknown GIF', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    // What the page logs and which of its requests fail, beside the page's own 404 status.
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => logged.push(error.message));
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== 'document')
        failed.push(`${response.status()} ${response.url()}`);
    });
    // No user of that name; a path no channel can have (its lookup was a 400); no channel
    // below a real user.
    const misses = ['/nobody_here', '/no-such-page', '/robomaker/no-such-channel'];
    for (const path of misses) {
      const answer = await page.goto(`${origin}${path}`);
      expect(answer!.status(), path).toBe(404);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('404: nothing here');
      expect(await page.title(), path).toBe('Page not found — Jiffy');
    }
    // Navigated to within the site, a path no channel can have is not asked about either.
    await page.getByRole('link', { name: 'Back to trending GIFs' }).click();
    await page.getByRole('heading', { name: 'Trending GIFs', exact: true }).waitFor();
    await page.evaluate(() => {
      history.pushState(null, '', '/still-no-such-page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('404: nothing here');
    // The only errors: Chromium's line for each page answered 404, which the server means.
    const ownStatus = (path: string) =>
      `Failed to load resource: the server responded with a status of 404 (Not Found) (${origin}${path})`;
    expect(failed).toEqual([]);
    expect(logged).toEqual(misses.map(ownStatus));
    await page.goto(`${origin}/gifs/nothing-nosuchgif`);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This GIF could not be found.');
    const color = await page
      .getByRole('alert')
      .evaluate((element) => getComputedStyle(element).color);
    expect(color).toBe('rgb(255, 77, 77)');
    expect(failed).toEqual([]);
    expect(logged).toEqual([...misses, '/gifs/nothing-nosuchgif'].map(ownStatus));
    await page.close();
  });

  it('signs up through the outbox, logs in, uploads a file, finds it processed on the channel, favorites it, logs out', async () => {
    const { page, errors } = await open('/join');
    await page.getByLabel('Username').fill('newbie');
    await page.getByLabel('E-mail').fill('newbie@example.test');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Check your e-mail');
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await readOutbox(t.dataDir)).find((m) => m.to === 'newbie@example.test');
        link = /(\S+\/join\?confirm=\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      })
      .toMatch(new RegExp(`^${origin}/join\\?confirm=`));
    // The link confirms the address and signs the account in, with a welcome.
    await page.goto(link);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Welcome to Jiffy, @newbie');
    await page.getByRole('button', { name: '@newbie' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();

    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Username or e-mail').fill('newbie');
    await page.getByLabel('Password').fill('wrong password!');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(255, 77, 77)');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.url()).toBe(`${origin}/`);
    await page.getByRole('button', { name: '@newbie' }).waitFor();
    await saveScreenshot(page, 'web-signed-in-desktop');

    // Upload: one file dropped, one picked that is not media at all, one that only claims to be a GIF.
    await page.getByRole('banner').getByRole('link', { name: 'Upload' }).click();
    await page.getByRole('heading', { name: 'Upload', level: 1 }).waitFor();
    const wave = await animatedImage({ width: 200, height: 150, frames: 3 });
    const dropped = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'wave.gif', { type: 'image/gif' }));
        return transfer;
      },
      [...wave],
    );
    await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByLabel('Choose files').setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      { name: 'fake.gif', mimeType: 'image/gif', buffer: Buffer.from('not really a GIF at all') },
    ]);
    await expect
      .poll(() => page.locator('.upload-item .error').allTextContents())
      .toEqual(['notes.txt is not a GIF, image or video.']);
    await page.getByLabel('Title').fill('Newbie wave');
    await page.getByLabel('Tags (separated by commas)').fill('wave, hello');
    await page.getByRole('button', { name: 'Upload all 2' }).click();
    const result = page.getByRole('link', { name: 'Open “Newbie wave”' });
    await result.waitFor({ timeout: 20_000 });
    // The upload moved to the uploaded list; what was refused stays among the chosen files.
    const rows = page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
    expect(await rows.locator('.upload-phase').allTextContents()).toEqual([
      'Not uploaded',
      'Not uploaded',
    ]);
    const refusedByServer = rows.nth(1).getByRole('alert');
    expect(await refusedByServer.textContent()).toMatch(/GIF|format|media/i);
    expect(await refusedByServer.evaluate((e) => getComputedStyle(e).color)).toBe(
      'rgb(255, 77, 77)',
    );
    await saveScreenshot(page, 'web-upload-desktop');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'web-upload-phone');
    await page.setViewportSize(DESKTOP);
    const uploadedId = /-?([A-Za-z0-9]+)$/.exec((await result.getAttribute('href'))!)![1]!;

    // It is on the uploader's channel.
    await page.getByRole('link', { name: 'your channel' }).click();
    await expect.poll(() => gridIds(page)).toEqual([uploadedId]);

    // Favorite it on its page; it is then on /favorites.
    await page.goto(`${origin}/gifs/newbie-wave-${uploadedId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Newbie wave');
    await page.getByRole('button', { name: 'Favorite' }).click();
    await page.getByRole('button', { name: 'Favorited' }).waitFor();
    // The page remembers it: opened again, the button says Favorited and is pressed.
    await page.reload();
    const favorited = page.getByRole('button', { name: 'Favorited' });
    await favorited.waitFor();
    expect(await favorited.getAttribute('aria-pressed')).toBe('true');
    // Favorites and Log out are in the account menu (closed again by each navigation).
    await page.getByRole('button', { name: '@newbie' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Favorites' }).click();
    await expect.poll(() => gridIds(page)).toEqual([uploadedId]);
    await saveScreenshot(page, 'web-favorites-desktop');
    await page.getByRole('button', { name: '@newbie' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    // The browser logs the answers the test provoked: the wrong password (401), the fake GIF (415).
    expect(errors.filter((e) => !/status of (401|415)/.test(e))).toEqual([]);
    await page.close();
  });

  it('previews the chosen files, keeps Upload on a phone’s first screen, stores the alt text written, then starts afresh', async () => {
    await signedInUsers(t, [['phoner', 'creator']]);
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    await signInContext(page.context(), t, origin, 'phoner');
    await page.goto(`${origin}/upload`);
    const uploadButton = page.getByRole('button', { name: /^Upload/ });
    /** Whether the whole Upload button is on the screen as it is now scrolled. */
    const buttonOnScreen = () =>
      uploadButton.evaluate((button) => {
        const box = button.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height >= 44;
      });
    await uploadButton.waitFor();
    expect(await buttonOnScreen()).toBe(true);

    // A GIF and a clip with sound, chosen with the picker.
    const clip = await makeMp4({
      path: path.join(t.dataDir, 'clip.mp4'),
      width: 320,
      height: 180,
      seconds: 2,
      withSound: true,
    });
    const wave = await animatedImage({ width: 220, height: 160, frames: 3 });
    await page.getByLabel('Choose files').setInputFiles([
      { name: 'wave.gif', mimeType: 'image/gif', buffer: wave },
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await fs.readFile(clip) },
    ]);
    // The GIF previews as a picture, drawn; the clip as a muted loop, playing.
    const picture = page.getByRole('img', { name: 'Preview of wave.gif' });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(220);
    const video = page.locator('video[aria-label="Preview of clip.mp4"]');
    await expect
      .poll(() =>
        video.evaluate((v: HTMLVideoElement) => ({
          muted: v.muted,
          loop: v.loop,
          playing: !v.paused && v.currentTime > 0,
        })),
      )
      .toEqual({ muted: true, loop: true, playing: true });
    // Upload stays on the first screen with files chosen, and wherever the page is scrolled.
    expect(await uploadButton.textContent()).toBe('Upload all 2');
    expect(await buttonOnScreen()).toBe(true);
    await saveScreenshot(page, 'web-upload-chosen-phone');

    await page.getByLabel('Title').fill('Phone wave');
    await page.getByLabel('Tags (separated by commas)').fill('wave, phone');
    const altText = 'A hand waves hello, then a test card plays a tone';
    await page.getByLabel('Alt text').fill(altText);
    await page.getByLabel('Rating').scrollIntoViewIfNeeded();
    expect(await buttonOnScreen()).toBe(true);
    await uploadButton.click();

    // What was uploaded: two links, each GIF's picture saying the alt text written for it.
    const uploaded = page.getByRole('region', { name: 'Uploaded' });
    const links = uploaded.getByRole('link', { name: 'Open “Phone wave”' });
    await expect.poll(() => links.count(), { timeout: 30_000 }).toBe(2);
    expect(
      await uploaded
        .getByRole('img')
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt'))),
    ).toEqual([altText, altText]);
    // Focus went to it, so it is on screen and a screen reader reads it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Uploaded');
    expect(await uploaded.evaluate((section) => section.getBoundingClientRect().top >= 0)).toBe(
      true,
    );
    // The form starts afresh: empty fields, no chosen files, nothing to upload.
    for (const label of ['Title', 'Tags (separated by commas)', 'Alt text'])
      expect([label, await page.getByLabel(label).inputValue()]).toEqual([label, '']);
    expect(await page.getByRole('list', { name: 'Chosen files' }).count()).toBe(0);
    expect(await page.locator('.upload-preview').count()).toBe(0);
    expect(await uploadButton.textContent()).toBe('Upload');
    expect(await uploadButton.isDisabled()).toBe(true);
    await saveScreenshot(page, 'web-upload-done-phone');

    // The server keeps the alt text, and says it as GIPHY's `alt_text`.
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
      const id = /-([A-Za-z0-9]+)$/.exec(href!)![1]!;
      const gif = await fetch(`${origin}/v1/gifs/${id}?api_key=${t.apiKey}`);
      expect(((await gif.json()) as { data: { alt_text: string } }).data.alt_text).toBe(altText);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reports page views to its own analytics endpoint with the page type', async () => {
    const { page } = await open('/search/robot');
    await page.getByRole('link', { name: 'About' }).click();
    await expect
      .poll(async () =>
        (
          await t.jiffy.database.db
            .selectFrom('site_events')
            .select(['category', 'action', 'page'])
            .where('category', '=', 'PageView')
            .execute()
        ).map((e) => `${e.action} ${e.page}`),
      )
      .toEqual(expect.arrayContaining(['search /search/robot', 'about /about']));
    // Each carries the user's analytics context; this visitor is not signed in.
    const [view] = await t.jiffy.database.db
      .selectFrom('site_events')
      .select('label')
      .where('page', '=', '/about')
      .execute();
    expect(JSON.parse(view!.label)).toEqual({
      loggedInStatus: 'Logged Out',
      userType: 'anonymous',
      verifiedStatus: 'Not Verified',
      userID: '',
      loginMethod: '',
    });
    await page.close();
  });
  it('makes /explore a page of its own: categories named for people, none pictured twice, and artists', async () => {
    // The Waving robot is the most viewed: the best picture for both Fun and Robot, which
    // would then look alike.
    await t.jiffy.services.gifRepository.update(ids[0]!, { view_count: 100 });
    /** Each category card's name and picture. */
    const cards = (page: Page) =>
      page
        .locator('.category-list a')
        .evaluateAll((links) =>
          links.map((a) => [a.textContent, a.getAttribute('href'), a.querySelector('img')?.src]),
        );
    const { page, errors } = await open('/explore');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Explore');
    // Other tests of this file may have made more categories (their uploads' tags): these two
    // are the ones this test pictures.
    const named = (name: string) => (found: (string | null | undefined)[][]) =>
      found.find(([shown]) => shown === name);
    await expect
      .poll(async () => {
        const found = await cards(page);
        return [named('Fun')(found)?.[1], named('Robot')(found)?.[1]];
      })
      .toEqual(['/categories/fun', '/categories/robot']);
    const explored = await cards(page);
    // Fun, first, keeps its best picture; Robot gets its next best rather than the same one,
    // and no two categories share one.
    expect(explored[0]![0]).toBe('Fun');
    expect(explored[0]![2]).toContain(`/media/${ids[0]}/`);
    expect(new Set(explored.map(([, , picture]) => picture)).size).toBe(explored.length);
    // More than the categories: the artists, each leading to their channel.
    const artists = page.getByRole('list', { name: 'Artists' });
    await artists.getByRole('link', { name: 'Robo Maker' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
      expect.arrayContaining(['Categories', 'Artists']),
    );
    expect(await page.getByRole('link', { name: /All categories/ }).getAttribute('href')).toBe(
      '/categories',
    );
    await saveScreenshot(page, 'web-explore-desktop');

    // /categories is the whole list, named and pictured alike; a category's page is titled by
    // its name.
    await page.getByRole('link', { name: /All categories/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Categories');
    await expect.poll(() => cards(page)).toEqual(explored);
    await page.locator('.category-list a[href="/categories/robot"]').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Robot');
    expect(await page.title()).toMatch(/^Robot GIFs/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
