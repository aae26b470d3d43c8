import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { SiteClient } from '../apps/server/testing/site-client.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

const TITLES = ['Moon hop', 'Space jog', 'Star spin', 'Quiet comet'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// Stories and the trending scheduler end to end in real Chromium: a creator writes and
// publishes a three-GIF story, a visitor reads it on a phone, staff put it on trending stories
// and schedule a GIF into trending.
describe('stories and the trending scheduler in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let apiKey: string;
  let clients: Record<string, SiteClient>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    clients = await signedInUsers(t, [
      ['maker', 'creator'],
      ['editor', 'moderator'],
      ['reader', 'user'],
      ['chief', 'admin'],
    ]);
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

  /** A page in its own browser context (its own cookies), signed in as `username` if given. */
  const open = async (path: string, viewport: typeof PHONE, username?: string) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    if (username) await signInContext(context, t, origin, username);
    await page.goto(`${origin}${path}`);
    return { page, errors, close: () => context.close() };
  };

  let slug = '';

  // Before anyone writes a story or features anything: each empty page offers each visitor the
  // next steps they may take, and every one of those links opens a page that lets them in.
  it('invites each visitor to the next step on empty stories, posts, studios and team pages', async () => {
    // The team lists staff with public profiles: these two keep theirs private.
    for (const name of ['editor', 'chief'])
      expect(
        (
          await clients[name]!.request({
            method: 'PATCH',
            url: `/api/v1/users/id${name}/`,
            body: { is_public: false },
          })
        ).statusCode,
      ).toBe(200);
    const joinThen = (next: string) => ['Join Jiffy', `/join?next=${encodeURIComponent(next)}`];
    const logInThen = (next: string) => ['Log in', `/login?next=${encodeURIComponent(next)}`];
    const writeStory = ['Write a story', '/dashboard/stories/new'];
    const writePost = ['Write a post', '/dashboard/stories/new'];
    const apply = ['Apply to be a creator', '/apply'];
    const artists = ['Meet the artists', '/artists'];
    const readStories = ['Read the stories', '/stories'];
    const upload = ['Upload a GIF', '/upload'];
    const about = ['About this Jiffy', '/about'];
    const makePublic = ['Make your profile public', '/settings'];
    const expected: Record<string, Record<string, string[][]>> = {
      anonymous: {
        '/stories': [joinThen('/apply'), logInThen('/stories')],
        '/posts': [readStories, joinThen('/upload'), logInThen('/posts')],
        '/studios': [joinThen('/upload'), logInThen('/studios'), artists],
        '/team': [about, joinThen('/'), logInThen('/team')],
      },
      reader: {
        '/stories': [apply, artists],
        '/posts': [readStories],
        '/studios': [upload, apply, artists],
        '/team': [about],
      },
      maker: {
        '/stories': [writeStory],
        '/posts': [readStories],
        '/studios': [upload, ['Your channel', '/maker'], artists],
        '/team': [about],
      },
      editor: {
        '/stories': [writeStory],
        '/posts': [writePost],
        '/studios': [['Find creators to feature', '/artists']],
        '/team': [makePublic],
      },
      chief: {
        '/stories': [writeStory],
        '/posts': [writePost],
        '/studios': [['Find creators to feature', '/artists']],
        '/team': [makePublic, ['Appoint moderators', '/dashboard/moderation/staff']],
      },
    };
    for (const [who, pages] of Object.entries(expected)) {
      const viewport = who === 'reader' ? PHONE : DESKTOP;
      const { page, errors, close } = await open(
        '/stories',
        viewport,
        who === 'anonymous' ? undefined : who,
      );
      for (const [path, steps] of Object.entries(pages)) {
        if (page.url() !== `${origin}${path}`) await page.goto(`${origin}${path}`);
        const offered = page.getByRole('list', { name: 'What you can do' }).getByRole('link');
        await offered.first().waitFor();
        const found = await offered.evaluateAll((links) =>
          links.map((a) => [a.textContent, a.getAttribute('href')]),
        );
        expect(found, `${who} on ${path}`).toEqual(steps);
        // The page says it is empty: a region named by that, holding the steps.
        expect(await page.getByRole('region', { name: /^(No|Nothing)/ }).count()).toBe(1);
        if (who === 'reader' && path === '/stories')
          await saveScreenshot(page, 'stories-empty-phone');
        // Each step opens a page that lets this visitor in, followed as a visitor would: a
        // click in the page (the site's own navigation), then back.
        for (const [i, [label, href]] of steps.entries()) {
          await offered.nth(i).click();
          await page.waitForURL(`${origin}${href}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          expect(await page.getByText('Not allowed').count(), `${who}: ${label} ${href}`).toBe(0);
          await page.goBack();
          await offered.first().waitFor();
        }
      }
      expect(errors).toEqual([]);
      await close();
    }
  }, 120_000);

  it('lets a creator write a three-GIF story, reorder it and publish it', async () => {
    const { page, errors, close } = await open('/dashboard/stories/new', DESKTOP, 'maker');
    await page.getByRole('heading', { name: 'New story' }).waitFor();
    await page.getByLabel('Title').fill('A night in space');
    await page.getByLabel('Description').fill('Three GIFs, one small trip.');
    for (const title of ['Moon hop', 'Space jog', 'Star spin'])
      await page.getByRole('button', { name: `Add ${title}` }).click();
    await page.getByRole('button', { name: 'Move Star spin up' }).click();
    await page.getByLabel('Caption for Moon hop').fill('We left at dusk.');
    await page.getByLabel('Caption for Star spin').fill('The stars spun past.');
    await page.getByLabel('Caption for Space jog').fill('And we jogged home.');
    await page.getByLabel('Tags (separated by commas)').fill('space, night');
    const items = page
      .getByRole('list', { name: 'GIFs in the story' })
      .locator(':scope > li strong');
    expect(await items.allTextContents()).toEqual(['1. Moon hop', '2. Star spin', '3. Space jog']);
    await saveScreenshot(page, 'story-editor-desktop');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'story-editor-phone');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: 'Edit story' }).waitFor();
    // The publishing state, not the status line: both say "Published." until the new story
    // becomes its own page.
    await page.getByRole('region', { name: 'Publishing' }).getByText('Published.').waitFor();
    slug = (await page.getByRole('link', { name: 'View it' }).getAttribute('href'))!.replace(
      '/stories/',
      '',
    );
    expect(slug).not.toBe('');
    expect(errors).toEqual([]);
    await close();
  });

  it('lets a visitor read it on a phone: full-width GIFs in order, captions, share, author', async () => {
    const { page, errors, close } = await open(`/stories/${slug}`, PHONE);
    await page.getByRole('heading', { name: 'A night in space' }).waitFor();
    const story = page.getByRole('list', { name: 'GIFs of the story' });
    expect(await story.locator('figcaption').allTextContents()).toEqual([
      'We left at dusk.',
      'The stars spun past.',
      'And we jogged home.',
    ]);
    // Full width on a phone: each GIF as wide as the reading column.
    const widths = await story
      .locator('.gif-media')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
    expect(widths).toEqual([358, 358, 358]);
    expect(await page.getByRole('link', { name: 'maker' }).getAttribute('href')).toBe('/maker');
    const share = page.locator('details', { hasText: 'Share Star spin' });
    await share.getByText('Share Star spin').first().click();
    expect(await share.getByLabel('Embed code').inputValue()).toContain(
      `/embed/${ids['Star spin']}`,
    );
    await saveScreenshot(page, 'story-page-phone');
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, 'story-page-desktop');
    expect(errors).toEqual([]);
    await close();
  });

  it('lets staff put it on trending stories and schedule a GIF that then leads trending', async () => {
    const { page, errors, close } = await open(`/stories/${slug}`, DESKTOP, 'editor');
    await page.getByRole('button', { name: 'Put on trending stories' }).click();
    await page.getByRole('button', { name: 'On trending stories' }).waitFor();
    await page.goto(`${origin}/stories`);
    await page
      .getByRole('list', { name: 'Trending stories' })
      .getByRole('link', { name: 'A night in space' })
      .waitFor();

    await page.goto(`${origin}/dashboard/schedule`);
    await page.getByRole('heading', { name: 'Trending schedule' }).waitFor();
    const picker = page.getByRole('region', { name: 'Add GIFs' });
    await picker.getByPlaceholder('Search GIFs').fill('space');
    await picker.getByRole('button', { name: 'Search', exact: true }).click();
    await picker.getByRole('button', { name: 'Add Quiet comet' }).click();
    await page.getByText('Chosen: Quiet comet').waitFor();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    const today = page
      .getByRole('list', { name: 'The coming week' })
      .locator(':scope > li')
      .first();
    // Each scheduled GIF shows as its picture and title, as in the activity beside it.
    const scheduled = today.getByRole('link', { name: 'Quiet comet' });
    await scheduled.waitFor();
    expect(await scheduled.getAttribute('href')).toMatch(
      new RegExp(`^/gifs/quiet-comet-${ids['Quiet comet']}$`),
    );
    expect(
      await scheduled.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await today.getByRole('button', { name: 'Remove Quiet comet' }).waitFor();
    await page
      .getByRole('list', { name: 'Activity' })
      .getByText('editor scheduled Quiet comet')
      .waitFor();
    await saveScreenshot(page, 'schedule-desktop');

    const trending = await fetch(`${origin}/v1/gifs/trending?api_key=${apiKey}&limit=5`);
    const first = ((await trending.json()) as { data: { id: string; trending_datetime: string }[] })
      .data[0]!;
    expect(first.id).toBe(ids['Quiet comet']);
    expect(first.trending_datetime).not.toBe('0000-00-00 00:00:00');
    expect(errors).toEqual([]);
    await close();
  });
});
