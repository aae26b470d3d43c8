import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeavyCanvasGif } from '@jiffy/media/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../apps/server/src/modules/accounts/secret-token.ts';
import { readOutbox } from '../apps/server/testing/site-client.ts';
import { signedInUsers, TEST_PASSWORD } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const RED = 'rgb(255, 77, 77)';

// The account pages in real Chromium: e-mail jail, settings, the creator application.
describe('account pages in Chromium', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    await signedInUsers(t, [
      ['setter', 'user'],
      ['hopeful', 'user'],
      ['navuser', 'user'],
      ['navcreator', 'creator'],
      ['navmod', 'moderator'],
      ['navadmin', 'admin'],
    ]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  async function logIn(
    login: string,
    password = TEST_PASSWORD,
  ): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/login`);
    await page.getByLabel('Username or e-mail').fill(login);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    return { page, errors };
  }
  const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

  /** Registers an account the way the site does (the CSRF cookie echoed), from outside a page. */
  async function registerElsewhere(username: string, email: string) {
    const visit = await fetch(`${origin}/login/check`);
    const csrf = /jiffy_csrf=([^;]+)/.exec(visit.headers.get('set-cookie') ?? '')![1]!;
    const registered = await fetch(`${origin}/api/v3/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `jiffy_csrf=${csrf}`,
        'x-csrf-token': csrf,
      },
      body: JSON.stringify({ username, email, password: 'a good long password' }),
    });
    expect(registered.status).toBe(201);
  }
  /** The six-digit code of the `nth` mail (1 for the first) to `email`, once it is out. */
  async function mailedCode(email: string, nth: number): Promise<string> {
    let code = '';
    await expect
      .poll(async () => {
        const mails = (await readOutbox(t.dataDir)).filter((m) => m.to === email);
        code = mails.length >= nth ? (/\b(\d{6})\b/.exec(mails[nth - 1]!.text)?.[1] ?? '') : '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    return code;
  }
  /** The confirmation link of the first mail to `email`. */
  async function mailedLink(email: string): Promise<string> {
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await readOutbox(t.dataDir)).find((m) => m.to === email);
        link = /https?:\/\/\S+\/join\?confirm=\w+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    return link;
  }

  it('sends an unconfirmed account to /email-jail with its address filled in, where a new code confirms it, signs it in and goes on', async () => {
    await registerElsewhere('jailed', 'jailed@example.test');
    // On the way to Upload, asked to log in: by username, which does not say the address.
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/upload`);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Username or e-mail').fill('jailed');
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => heading(page)).toBe('Confirm your e-mail');
    expect(page.url()).toBe(`${origin}/email-jail?email=jailed%40example.test&next=%2Fupload`);
    const email = page.getByLabel('E-mail');
    expect(await email.inputValue()).toBe('jailed@example.test');

    // A username where the address goes: said in words, beside the field, and nothing sent.
    const resend = page.getByRole('button', { name: 'Send the e-mail again' });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v3/register/resend')) asked.push(request.url());
    });
    await email.fill('jailed');
    await resend.click();
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('That is not an e-mail address.');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await refusal.evaluate((e) => getComputedStyle(e).color)).toBe(RED);
    expect(asked).toEqual([]);
    // An address only the server's stricter check refuses: its refusal in the same words.
    await email.fill('jailed..twice@example.test');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v3/register/resend'));
    await resend.click();
    expect((await refused).status()).toBe(400);
    await expect.poll(() => refusal.textContent()).toBe('That is not an e-mail address.');
    expect(await page.getByText(/email:/).count()).toBe(0);

    // The account's own address: a new e-mail goes out.
    await email.fill('jailed@example.test');
    await resend.click();
    await page
      .getByRole('status')
      .getByText('If jailed@example.test waits for confirmation, a new e-mail is on its way.')
      .waitFor();
    const code = await mailedCode('jailed@example.test', 2);
    await page.getByLabel('Code').fill('000000' === code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    const wrong = page.getByRole('alert');
    await wrong.waitFor();
    expect(await wrong.textContent()).toBe(
      'That confirmation is not valid (used, expired or mistyped).',
    );
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();

    // Signed in, on the page the visitor was headed to, the header naming them.
    await page.waitForURL(`${origin}/upload`);
    await expect.poll(() => heading(page)).toBe('Upload');
    await page.getByRole('banner').getByRole('button', { name: '@jailed, account menu' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBe(0);
    expect(errors.filter((e) => !/status of (400|403)/.test(e))).toEqual([]);
    await page.close();
  });

  it('confirms by the e-mail’s link in a new tab: signed in there, on the page the sign-up began from', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/favorites`);
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
    expect(page.url()).toBe(`${origin}/join?next=%2Ffavorites`);
    await page.getByLabel('Username').fill('linked');
    await page.getByLabel('E-mail').fill('linked@example.test');
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => heading(page)).toBe('Check your e-mail');

    // The link, opened later in another tab of the same browser.
    const link = await mailedLink('linked@example.test');
    const tab = await context.newPage();
    const tabErrors = watchPageErrors(tab);
    await tab.goto(link);
    await tab.waitForURL(`${origin}/favorites`);
    await expect.poll(() => heading(tab)).toBe('Favorites');
    await tab.getByRole('banner').getByRole('button', { name: '@linked, account menu' }).waitFor();
    await saveScreenshot(tab, 'web-confirmed-by-link-phone');
    expect([...errors, ...tabErrors]).toEqual([]);
    await context.close();
  });

  it('welcomes an account confirmed by its code on /join, signed in, with what to do first', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/join`);
    await page.getByLabel('Username').fill('coded');
    await page.getByLabel('E-mail').fill('coded@example.test');
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => heading(page)).toBe('Check your e-mail');
    // Letters where the code goes: words, and nothing sent.
    await page.getByLabel('Code').fill('abc');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByRole('alert')
      .getByText('The code is the six digits from the e-mail.')
      .waitFor();
    await page.getByLabel('Code').fill(await mailedCode('coded@example.test', 1));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => heading(page)).toBe('Welcome to Jiffy, @coded');
    await page.getByRole('banner').getByRole('button', { name: '@coded, account menu' }).waitFor();
    const steps = await page
      .getByRole('main')
      .getByRole('listitem')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(steps).toEqual([
      ['Upload your first GIF', '/upload'],
      ['Make a GIF from a video', '/create'],
      ['Apply to be a creator', '/apply'],
      ['See what is trending', '/'],
    ]);
    // /email-jail, signed in: the account's address, confirmed.
    await page.goto(`${origin}/email-jail`);
    await expect.poll(() => heading(page)).toBe('Your e-mail is confirmed');
    await page
      .getByRole('status')
      .getByText('coded@example.test is confirmed, and you are logged in as @coded.')
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('leads no visitor, of any role, from the header, its menu or the dashboard to “Not allowed”', async () => {
    /** Every link of `scope` as [name, href], the account menu opened first if there is one. */
    const linksIn = (scope: Locator) =>
      scope
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']),
        );
    const followed: Record<string, string[]> = {};
    for (const who of ['anonymous', 'navuser', 'navcreator', 'navmod', 'navadmin']) {
      const context = await browser.newContext({ viewport: DESKTOP });
      if (who !== 'anonymous') await signInContext(context, t, origin, who);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${origin}/about`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const banner = page.getByRole('banner');
      let links: string[][];
      if (who === 'anonymous') {
        // The sections and the footer are the same for everyone: checked as the visitor who
        // may do least.
        await banner.getByRole('link', { name: 'Join' }).waitFor();
        links = [...(await linksIn(banner)), ...(await linksIn(page.getByRole('contentinfo')))];
      } else {
        await banner.getByRole('button', { name: `@${who}, account menu` }).click();
        links = await linksIn(banner.locator('.account-menu-panel'));
        await page.goto(`${origin}/dashboard`);
        const yours = page.getByRole('navigation', { name: 'Your pages' });
        await yours.getByRole('link').first().waitFor();
        links.push(...(await linksIn(yours)));
        if (who === 'navmod' || who === 'navadmin') {
          await page.goto(`${origin}/dashboard/moderation`);
          const intro = page.locator('.moderation-page > p').first();
          await intro.getByRole('link').first().waitFor();
          links.push(...(await linksIn(intro)));
        }
      }
      const hrefs = [...new Set(links.map(([, href]) => href!))];
      followed[who] = hrefs;
      for (const href of hrefs) {
        await page.goto(`${origin}${href}`);
        await page.waitForFunction(
          () => document.querySelector('#main h1') && !document.querySelector('#main .loading'),
        );
        expect(await page.getByText('Not allowed').count(), `${who} → ${href}`).toBe(0);
      }
      expect(errors, who).toEqual([]);
      await context.close();
    }
    // What the dashboard once offered everyone: stories, only for who may write them.
    expect(followed.navuser).not.toContain('/dashboard/stories');
    expect(followed.navcreator).toContain('/dashboard/stories');
    // Staff tools by role: the audit log and staff roles are the admins'.
    expect(followed.navmod).toEqual(expect.arrayContaining(['/dashboard/moderation']));
    expect(followed.navmod).not.toContain('/dashboard/moderation/audit-log');
    expect(followed.navmod).not.toContain('/dashboard/moderation/staff');
    expect(followed.navadmin).toEqual(
      expect.arrayContaining(['/dashboard/moderation/audit-log', '/dashboard/moderation/staff']),
    );
  }, 120_000);

  it('changes the profile and avatar, and makes and revokes API keys and tokens in /settings', async () => {
    const { page, errors } = await logIn('setter');
    // Settings is in the account menu.
    await page.getByRole('button', { name: '@setter' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => heading(page)).toBe('Settings');

    // Profile: a bad link is refused in red, then the fixed form saves and the channel shows it.
    await page.getByLabel('Display name').fill('Setter of Things');
    await page.getByLabel('About', { exact: true }).fill('I set things up.');
    await page.getByLabel('Website').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save profile' }).click();
    const refused = page.getByRole('form', { name: 'Profile' }).getByRole('alert');
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/website_url/);
    expect(await refused.evaluate((e) => getComputedStyle(e).color)).toBe(RED);
    await page.getByLabel('Website').fill('https://setter.example');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await t.jiffy.services.users.findById('idsetter')).toMatchObject({
      display_name: 'Setter of Things',
      description: 'I set things up.',
      website_url: 'https://setter.example',
    });

    // Avatar: a picture from a file replaces the default one once its render job is done; the
    // page says it is processing meanwhile (a 2048² animation takes a moment to render).
    const avatar = page.getByRole('img', { name: 'Your avatar' });
    const before = await avatar.getAttribute('src');
    const dir = await mkdtemp(path.join(tmpdir(), 'jiffy-e2e-avatar-'));
    const picture = await readFile(
      await writeHeavyCanvasGif(path.join(dir, 'me.gif'), {
        width: 2048,
        height: 2048,
        frames: 20,
      }),
    );
    await rm(dir, { recursive: true, force: true });
    await page.getByLabel('Choose a picture').setInputFiles({
      name: 'me.gif',
      mimeType: 'image/gif',
      buffer: picture,
    });
    await page.getByRole('status').filter({ hasText: 'Processing your new avatar' }).waitFor();
    await expect.poll(() => avatar.getAttribute('src'), { timeout: 30_000 }).not.toBe(before);
    expect(await page.getByText('Processing your new avatar').count()).toBe(0);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // An API key: made here, accepted by the public API, refused once revoked.
    await page.getByLabel('Name of a new API key').fill('My app');
    await page.getByRole('button', { name: 'Create' }).first().click();
    const keyCode = page.locator('.credential-list li', { hasText: 'My app' }).locator('code');
    await keyCode.waitFor();
    const key = (await keyCode.textContent())!;
    const trending = (k: string) =>
      fetch(`${origin}/v1/gifs/trending?api_key=${k}`).then((r) => r.status);
    expect(await trending(key)).toBe(200);

    // A personal token: shown once, stored only as a hash that leads to its owner.
    await page.getByLabel('Name of a new personal token').fill('Backup script');
    await page.getByRole('button', { name: 'Create' }).nth(1).click();
    const secret = page.getByLabel('Token “Backup script”');
    await secret.waitFor();
    const token = await secret.inputValue();
    expect((await t.jiffy.services.apiTokens.userOf(hashSecret(token)))?.id).toBe('idsetter');
    await saveScreenshot(page, 'web-settings-desktop');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'web-settings-phone');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Revoke My app' }).click();
    await page.getByRole('button', { name: 'Revoke Backup script' }).click();
    await expect.poll(() => page.locator('.credential-list li').count()).toBe(0);
    await expect.poll(() => trending(key)).toBe(401);
    expect(await t.jiffy.services.apiTokens.userOf(hashSecret(token))).toBeUndefined();
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await page.close();
  });

  it('sends a creator application from /apply, once', async () => {
    const { page } = await logIn('hopeful');
    await page.getByRole('button', { name: '@hopeful' }).waitFor();
    await page.goto(`${origin}/apply`);
    const apply = page.getByRole('button', { name: 'Apply' });
    await page.getByLabel('About your work (at least 10 characters)').fill('short');
    expect(await apply.isDisabled()).toBe(true);
    await page
      .getByLabel('About your work (at least 10 characters)')
      .fill('I draw looping cats, 200 GIFs so far.');
    await page.getByLabel('Portfolio link (optional)').fill('https://cats.example/portfolio');
    await apply.click();
    await page
      .getByRole('status')
      .getByText(/^Your application is pending: sent /)
      .waitFor();
    const pending = await t.jiffy.services.applications.listPending(10);
    expect(pending).toMatchObject([
      {
        message: 'I draw looping cats, 200 GIFs so far.',
        portfolio_url: 'https://cats.example/portfolio',
      },
    ]);

    // Back on /apply: the application waits, and no second form is offered.
    await page.goto(`${origin}/apply`);
    await page
      .getByRole('status')
      .getByText(/^Your application is pending/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    expect(await t.jiffy.services.applications.listPending(10)).toHaveLength(1);
    await page.close();
  });

  it('asks a visitor who is not signed in to log in, and brings them back', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${origin}/settings`);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    expect(page.url()).toBe(`${origin}/login?next=%2Fsettings`);
    await page.getByLabel('Username or e-mail').fill('setter');
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => heading(page)).toBe('Settings');
    expect(page.url()).toBe(`${origin}/settings`);
    await page.close();
  });
});
