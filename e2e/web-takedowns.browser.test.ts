import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../apps/server/testing/gif-rows.ts';
import type { SiteClient } from '../apps/server/testing/site-client.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

// The uploader's side of a takedown, in real Chromium: /settings lists it with the reason.
describe('takedowns in /settings', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let users: Record<string, SiteClient>;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    users = await signedInUsers(t, [
      ['uploader', 'user'],
      ['quiet', 'user'],
      ['mod', 'moderator'],
    ]);
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'skate1',
      title: 'Skating fail',
      user_id: 'iduploader',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const settingsOf = async (login: string) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await signInContext(page.context(), t, origin, login);
    const listed = page.waitForResponse((r) => r.url().endsWith('/api/v3/content-takedown/mine'));
    await page.goto(`${origin}/settings`);
    expect((await listed).status()).toBe(200);
    return { page, errors };
  };

  it('shows the uploader the takedown with its reason and note, and nobody else', async () => {
    const taken = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: 'skate1',
      reason: 'copyright',
      note: 'Borrowed from a TV show.',
    });
    expect(taken.statusCode).toBe(200);

    const { page, errors } = await settingsOf('uploader');
    const section = page.getByRole('region', { name: 'Takedowns' });
    await section.waitFor();
    expect(await section.getByRole('listitem').textContent()).toMatch(
      /^Skating fail · Copyright or trademark · “Borrowed from a TV show\.” · /,
    );
    expect(errors).toEqual([]);
    await page.close();

    const other = await settingsOf('quiet');
    await other.page.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(await other.page.getByRole('heading', { name: 'Takedowns' }).count()).toBe(0);
    await other.page.close();
  });
});
