import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../apps/server/testing/fixtures.ts';
import { readOutbox } from '../apps/server/testing/site-client.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

// The moderation queue end to end in real Chromium: a visitor reports a GIF, a moderator
// takes it down from the queue with the keyboard and an e-mail, an admin restores it from the
// audit log, which shows both decisions.
describe('the moderation queue page', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let gifId: string;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    const users = await signedInUsers(t, [
      ['uploader', 'user'],
      ['mod', 'moderator'],
      ['boss', 'admin'],
    ]);
    // A real upload, so the queue plays real media and the media URL really answers 410.
    const form = multipart(
      { title: 'Pirated cartoon', tags: 'pirated' },
      {
        name: 'p.gif',
        bytes: await animatedImage({ width: 120, height: 90, frames: 3 }),
        type: 'image/gif',
      },
    );
    const upload = await users.uploader!.request({ method: 'POST', url: '/api/v1/uploads', form });
    expect(upload.statusCode).toBe(201);
    gifId = upload.json<{ data: { id: string } }>().data.id;
    expect(await t.waitForGif(gifId, { complete: true })).toBe('ready');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const pageErrors = (page: Page) => {
    const errors = watchPageErrors(page);
    return () => errors;
  };

  const signIn = async (login: string) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    await signInContext(page.context(), t, origin, login);
    return { page, errors };
  };

  const api = (path: string) => fetch(`${origin}${path}`);

  it('takes a reported GIF down from the queue, mails the uploader, and an admin restores it', async () => {
    const before = (await (await api(`/v1/gifs/${gifId}?api_key=${t.apiKey}`)).json()) as {
      data: { images: { original: { url: string } } };
    };
    const mediaUrl = before.data.images.original.url;

    // A visitor reports it on its page.
    const visitor = await browser.newPage();
    await visitor.goto(`${origin}/gifs/pirated-cartoon-${gifId}`);
    await visitor.getByRole('button', { name: 'Report' }).click();
    await visitor.getByRole('radio', { name: 'Copyright or trademark' }).check();
    await visitor.getByLabel('Anything the moderators should know (optional)').fill('A TV show.');
    await visitor.getByRole('button', { name: 'Send report' }).click();
    await visitor.getByText('Thank you. A moderator will look at this GIF.').waitFor();
    await visitor.goto(`${origin}/dashboard/moderation`);
    await visitor.getByText('Log in to see this page (moderators and admins only).').waitFor();
    await visitor.close();

    // An ordinary user is told the page is not for them.
    const user = await signIn('uploader');
    await user.page.goto(`${origin}/dashboard/moderation`);
    await user.page
      .getByText('Not allowed: this page is for moderators and admins only.')
      .waitFor();
    await user.page.close();

    // The moderator finds the report and takes the GIF down with the keyboard.
    const mod = await signIn('mod');
    await mod.page.goto(`${origin}/dashboard/moderation`);
    const card = mod.page.getByRole('article', { name: /^GIF report / });
    await card.waitFor();
    // The kind filter asks the server for that kind only.
    const flags = mod.page.waitForResponse((r) => r.url().includes('kind=flag'));
    await mod.page.getByRole('button', { name: 'Flags', exact: true }).click();
    expect((await flags).status()).toBe(200);
    await mod.page.getByText('Nothing waits for a decision.').waitFor();
    await mod.page.getByRole('button', { name: 'GIF reports' }).click();
    await card.waitFor();
    expect(await card.textContent()).toContain('Copyright or trademark · “A TV show.”');
    expect(await mod.page.getByText('take down (reason, note, e-mail)').count()).toBe(1);
    await mod.page.locator('body').press('j');
    await mod.page.keyboard.press('t');
    const form = card.getByRole('form', { name: 'Take down' });
    expect(await form.getByLabel('Reason').inputValue()).toBe('copyright');
    await form.getByLabel('Note to the uploader (optional)').fill('Please upload your own work.');
    await form.getByRole('checkbox', { name: 'E-mail the uploader' }).check();
    await form.getByRole('button', { name: 'Confirm take-down' }).click();
    await card
      .getByRole('status')
      .getByText(/^Taken down · uploader e-mailed · now removed/)
      .waitFor();
    expect(mod.errors()).toEqual([]);
    await mod.page.close();

    // Gone from search, the embed and the media; the uploader has the e-mail.
    const search = (await (await api(`/v1/gifs/search?q=pirated&api_key=${t.apiKey}`)).json()) as {
      data: unknown[];
    };
    expect(search.data).toEqual([]);
    expect((await api(`/embed/${gifId}`)).status).toBe(404);
    expect((await fetch(mediaUrl)).status).toBe(410);
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === 'uploader@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Please upload your own work.');

    // The admin restores it from the audit log, which then shows both decisions.
    const admin = await signIn('boss');
    await admin.page.goto(`${origin}/dashboard/moderation/audit-log`);
    const log = admin.page.getByRole('list').filter({ hasText: 'gif.takedown' });
    await log.getByRole('button', { name: 'Restore' }).click();
    await log.getByText('gif.restore').waitFor();
    const lines = await log.getByRole('listitem').allTextContents();
    expect(lines[0]).toMatch(new RegExp(`@boss · gif\\.restore · GIF ${gifId}`));
    expect(lines[1]).toContain(`@mod · gif.takedown · GIF ${gifId} · note: – → Please upload`);
    expect(lines[1]).toContain('status: ready → removed, send_email: – → true');
    expect(admin.errors()).toEqual([]);
    await admin.page.close();
    expect((await api(`/v1/gifs/${gifId}?api_key=${t.apiKey}`)).status).toBe(200);
  });
});
