import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteClient } from '../apps/server/testing/site-client.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { launchChromium, saveScreenshot, watchPageErrors } from './support/browser.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';

// Becoming a verified creator in real Chromium: a user applies at /apply and sees it pending, a
// moderator approves it from the staff page, and /apply then tells the user they are a creator;
// another is declined with a note, which that applicant reads at /apply.
describe('creator applications', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  let users: Record<string, SiteClient>;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    users = await signedInUsers(t, [
      ['painter', 'user'],
      ['sculptor', 'user'],
      ['mod', 'moderator'],
    ]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const signIn = async (login: string): Promise<{ page: Page; errors: () => string[] }> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await signInContext(page.context(), t, origin, login);
    return { page, errors: () => errors };
  };

  const phoneAndDesktop = async (page: Page, name: string) => {
    await saveScreenshot(page, `${name}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, `${name}-phone`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  it('a user applies and waits, a moderator approves, and the user is a creator', async () => {
    // Someone else applied first, so the staff page lists more than one.
    const earlier = await users.sculptor!.post('/api/v3/creator-applications', {
      message:
        'I carve marble and film it in stop motion, one frame a day; the loops make good reactions.',
      portfolio_url: 'https://sculptor.example.com/portfolio/stop-motion/marble',
    });
    expect(earlier.statusCode).toBe(201);

    const painter = await signIn('painter');
    await painter.page.goto(`${origin}/apply`);
    await painter.page
      .getByLabel('About your work (at least 10 characters)')
      .fill('I paint watercolour loops of the sea.');
    await painter.page.getByLabel('Portfolio link (optional)').fill('https://painter.example.com');
    await painter.page.getByRole('button', { name: 'Apply' }).click();
    const pending = painter.page.getByRole('status');
    await pending.getByText(/^Your application is pending: sent /).waitFor();
    // Opened again, the page still shows it pending and offers no second form.
    await painter.page.reload();
    await pending.getByText(/^Your application is pending: sent /).waitFor();
    expect(await painter.page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    await phoneAndDesktop(painter.page, 'apply-pending');

    // The staff page is not for the applicant.
    await painter.page.goto(`${origin}/dashboard/moderation/applications`);
    await painter.page
      .getByText('Not allowed: this page is for moderators and admins only.')
      .waitFor();

    // The moderator finds it from the queue page and approves it.
    const mod = await signIn('mod');
    await mod.page.goto(`${origin}/dashboard/moderation`);
    await mod.page.getByRole('link', { name: 'Creator applications' }).click();
    await mod.page.getByRole('heading', { name: 'Creator applications', level: 1 }).waitFor();
    const cards = mod.page.getByRole('article');
    await cards.nth(1).waitFor();
    expect(await cards.count()).toBe(2);
    // Oldest first.
    expect(await cards.nth(0).getByRole('heading').textContent()).toBe('@sculptor');
    const card = mod.page.getByRole('article', { name: '@painter' });
    expect(await card.getByRole('link', { name: '@painter' }).getAttribute('href')).toBe(
      '/painter',
    );
    expect(await card.textContent()).toContain('I paint watercolour loops of the sea.');
    await phoneAndDesktop(mod.page, 'creator-applications');
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.getByRole('status').getByText('Approved: now a verified creator.').waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await cards.nth(0).getByRole('button', { name: 'Decline' }).count()).toBe(1);
    expect(mod.errors()).toEqual([]);

    // Back at /apply, the user is told they are a creator now.
    await painter.page.goto(`${origin}/apply`);
    await painter.page
      .getByRole('status')
      .getByText('You are already a verified creator. Your figures are on your dashboard.')
      .waitFor();
    expect(await painter.page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    expect(painter.errors()).toEqual([]);

    // The moderator declines the other with a note, which its applicant reads at /apply.
    const sculpture = mod.page.getByRole('article', { name: '@sculptor' });
    await sculpture
      .getByLabel('Note to @sculptor (optional)')
      .fill('Lovely work. Send us three finished loops of your own, under 10 s each.');
    await sculpture.getByRole('button', { name: 'Decline' }).click();
    await sculpture.getByRole('status').getByText('Declined.').waitFor();
    const sculptor = await signIn('sculptor');
    await sculptor.page.goto(`${origin}/apply`);
    await sculptor.page
      .getByRole('status')
      .getByText(/ was declined on /)
      .waitFor();
    expect(await sculptor.page.locator('.decision-note p').textContent()).toBe(
      'Lovely work. Send us three finished loops of your own, under 10 s each.',
    );
    expect(await sculptor.page.getByRole('button', { name: 'Apply' }).count()).toBe(1);
    await phoneAndDesktop(sculptor.page, 'apply-declined-with-note');
    expect(sculptor.errors()).toEqual([]);
  });
});
