import type { Browser } from 'playwright-core';
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

// Stories and the trending scheduler end to end in real Chromium: a creator writes and
// publishes a three-GIF story, a visitor reads it on a phone, staff put it on trending stories
// and schedule a GIF into trending.
describe('stories and the trending scheduler in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let apiKey: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    await signedInUsers(t, [
      ['maker', 'creator'],
      ['editor', 'moderator'],
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
