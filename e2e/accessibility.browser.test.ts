import type { AxeResults, ImpactValue } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyBody } from '../apps/server/src/modules/stories/story-input.schema.ts';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import { signedInUsers } from '../apps/server/testing/signed-in-users.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { blockingOf, BLOCKING, preloadAxe, runAxe } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import {
  describeFocus,
  mouseOnlyControls,
  openAllDetails,
  recordUnfocusedRings,
  type TabStop,
} from './support/keyboard-checks.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';
import { signInContext } from './support/signed-in-context.ts';
import { settled, trackRequests } from './support/page-settled.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The smallest tap target a finger can hit reliably (WCAG 2.5.5, Apple's and Google's guides). */
const TAP_TARGET = 44;
type Role = 'visitor' | 'fan' | 'maker' | 'mod';

interface Finding {
  role: Role;
  path: string;
  rule: string;
  impact: ImpactValue;
  targets: string[];
}

// axe-core in Chromium on every page of the site, signed out and signed in as the role
// each page is for (a user, a creator, a moderator), over a little real content: GIFs and a
// sticker uploaded through the API, a creator's channel with a sub-channel, a published story.
describe('accessibility of every page (axe-core in Chromium)', () => {
  let t: TestJiffy;
  let origin: string;
  let browser: Browser;
  const ids: string[] = [];
  let sticker = '';
  let story = { id: '', slug: '' };
  const findings: Finding[] = [];
  /** Nodes axe could not decide (text over a GIF, say), by rule: reported, not failed. */
  const incomplete = new Map<string, number>();
  const mouseOnly: string[] = [];
  /** Each page's title and description as the visitor's browser has them once it settled. */
  const titles = new Map<string, { title: string; description: string | null }>();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    await signedInUsers(t, [
      ['fan', 'user'],
      ['maker', 'creator'],
      ['mod', 'moderator'],
    ]);
    const apiKey = (await t.jiffy.services.apiKeys.create('idmaker', 'uploads')).key;
    // Each upload a different size: the same bytes twice would be the same GIF.
    let width = 160;
    const upload = async (title: string, extra: Record<string, string> = {}) => {
      const bytes = await animatedImage({ width: (width += 20), height: 120, frames: 2 });
      const fields = { api_key: apiKey, title, tags: 'space, moon', username: 'maker', ...extra };
      return t.uploadAndWait({ name: 'g.gif', bytes }, fields, { complete: false });
    };
    // All at once: the queue makes every upload's page renditions before any one's others.
    const uploaded = await Promise.all([
      ...['Moon hop', 'Space jog', 'Star spin'].map((title) => upload(title)),
      upload('Waving moon', { is_sticker: 'true' }),
    ]);
    sticker = uploaded.pop()!;
    ids.push(...uploaded);

    const maker = { id: 'idmaker', role: 'creator' as const };
    const { channels, stories } = t.jiffy.services;
    const space = await channels.create(maker, {
      display_name: 'Space',
      slug: 'space',
      description: 'Things that float.',
      banner_gif: null,
      featured_gif: ids[0]!,
      is_visible: true,
      type: 'community',
    });
    await channels.create(maker, {
      parent: space.id,
      display_name: 'Moons',
      slug: 'moons',
      description: '',
      banner_gif: null,
      featured_gif: null,
      is_visible: true,
      type: 'community',
    });
    const published = await stories.create(
      maker,
      storyBody.parse({
        title: 'A night in space',
        description: 'Three GIFs, one small trip.',
        cover_gif_id: ids[0],
        tags: ['space'],
        items: ids.map((gif_id, i) => ({ gif_id, caption: `Part ${i + 1}.` })),
        is_published: true,
      }),
    );
    story = { id: published.story.id, slug: published.story.slug };
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await t?.stop();
  });

  /** One context (one cookie jar) per role, signed in with the session the API gave it. */
  async function pageFor(role: Role, viewport = DESKTOP): Promise<Page> {
    // The site's CSP allows only its own scripts; bypassing it lets axe's inline script run
    // (the page's own scripts are the same either way).
    const context = await browser.newContext({ viewport, bypassCSP: true, hasTouch: true });
    contexts.push(context);
    await preloadAxe(context);
    const page = await context.newPage();
    trackRequests(page);
    if (role !== 'visitor') await signInContext(context, t, origin, role);
    return page;
  }

  /** Opens `path`, waits until the page has settled, runs axe once and keeps its findings. */
  async function audit(page: Page, role: Role, path: string): Promise<void> {
    await page.goto(`${origin}${path}`);
    await settled(page);
    // What a click would unfold (share panels, report forms, menus) is audited too.
    if (await page.evaluate(openAllDetails)) await settled(page);
    for (const control of await page.evaluate(mouseOnlyControls))
      mouseOnly.push(`${control} on ${path} (${role})`);
    // The server names a page only "Jiffy" when it does not know it; the site names it once
    // its page's code has loaded, which can come after the page's requests have settled.
    await page
      .waitForFunction(() => document.title !== 'Jiffy', undefined, { timeout: 5000 })
      .catch(() => undefined);
    titles.set(`${path} (${role})`, {
      title: await page.title(),
      description: await page
        .locator('meta[name="description"]')
        .getAttribute('content', { timeout: 1000 })
        .catch(() => null),
    });
    record(await runAxe(page), role, path);
  }

  /** Keeps one axe run's findings, and counts what it could not decide. */
  function record(results: AxeResults, role: Role, path: string): void {
    for (const unsure of results.incomplete)
      incomplete.set(unsure.id, (incomplete.get(unsure.id) ?? 0) + unsure.nodes.length);
    for (const violation of results.violations)
      findings.push({
        role,
        path,
        rule: violation.id,
        impact: violation.impact ?? 'minor',
        targets: violation.nodes.map((node) => node.target.join(' ')),
      });
  }

  it('finds no serious or critical violation, nor a mouse-only control, on any page, for any role', async () => {
    const gif = ids[0]!;
    const visitorPaths = [
      '/',
      '/search',
      '/search/moon',
      `/gifs/moon-hop-${gif}`,
      `/gifs/waving-moon-${sticker}`,
      '/trending-gifs',
      '/stickers',
      '/categories',
      '/categories/animals',
      '/explore',
      '/about',
      '/team',
      '/transparency',
      '/labs',
      '/apps',
      '/artists',
      '/studios',
      '/stories',
      `/stories/${story.slug}`,
      '/posts',
      '/backdrop',
      '/backdrop/trending',
      '/create',
      '/clips',
      '/ar-scenes',
      '/maker',
      '/maker/space',
      '/maker/space/moons',
      '/login',
      '/join',
      '/password',
      '/email-jail',
      '/404',
      '/403',
      '/maintenance',
      '/upload',
      '/favorites',
      '/settings',
      '/apply',
      '/edit/gifs',
      '/dashboard',
      '/widgets',
      `/embed/${gif}`,
    ];
    const signedIn: [Role, string[]][] = [
      ['fan', ['/', '/upload', '/favorites', '/settings', '/apply', `/gifs/moon-hop-${gif}`]],
      [
        'maker',
        [
          '/maker',
          '/maker/space',
          '/create',
          '/ar-scenes',
          '/edit/gifs',
          `/edit/gifs/${gif}`,
          '/dashboard',
          '/dashboard/stories',
          '/dashboard/stories/new',
          `/dashboard/stories/${story.id}`,
        ],
      ],
      [
        'mod',
        [
          '/dashboard',
          '/dashboard/moderation',
          '/dashboard/moderation/audit-log',
          '/dashboard/moderation/applications',
          '/dashboard/search',
          '/dashboard/schedule',
          '/studios',
          `/stories/${story.slug}`,
          `/gifs/moon-hop-${gif}`,
        ],
      ],
    ];
    const visitor = await pageFor('visitor');
    for (const path of visitorPaths) await audit(visitor, 'visitor', path);
    for (const [role, paths] of signedIn) {
      const page = await pageFor(role);
      for (const path of paths) await audit(page, role, path);
      // The header's account menu open on the last page: each role has its own links in it.
      await page.getByRole('button', { name: `@${role}` }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Settings' }).waitFor();
      record(await runAxe(page), role, 'the open account menu');
    }

    // Every finding by rule (all impacts), for the record; then the ones that fail the test.
    const byRule = new Map<string, number>();
    for (const f of findings) {
      const key = `${f.impact} ${f.rule}`;
      byRule.set(key, (byRule.get(key) ?? 0) + 1);
    }
    console.log(
      `axe findings (pages affected) by rule:\n${[...byRule].map(([k, n]) => `  ${k}: ${n}`).join('\n') || '  none'}`,
    );
    console.log(
      `axe could not decide (nodes) by rule: ${[...incomplete].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    );
    const blocking = findings
      .filter((f) => BLOCKING.includes(f.impact))
      .map((f) => `${f.impact} ${f.rule} on ${f.path} (${f.role}): ${f.targets.join(', ')}`);
    expect(blocking).toEqual([]);
    // Usable by keyboard alone: nothing that looks clickable is out of a keyboard's reach.
    expect(mouseOnly).toEqual([]);

    // Every page names itself in the tab ("… — Jiffy"; the home page names the site) and has
    // a description for link previews.
    const untitled = [...titles]
      .filter(([page, { title, description }]) => {
        const named = page.startsWith('/ (')
          ? title === 'Jiffy: GIFs and stickers'
          : / — Jiffy$/.test(title) && title !== ' — Jiffy';
        return !named || !description;
      })
      .map(
        ([page, { title, description }]) =>
          `${page}: "${title}" (${description ?? 'no description'})`,
      );
    expect(untitled).toEqual([]);
    const titleOf = (page: string) => titles.get(page)?.title;
    expect({
      search: titleOf('/search/moon (visitor)'),
      gif: titleOf(`/gifs/moon-hop-${gif} (visitor)`),
      sticker: titleOf(`/gifs/waving-moon-${sticker} (visitor)`),
      channel: titleOf('/maker (visitor)'),
      subchannel: titleOf('/maker/space (visitor)'),
      story: titleOf(`/stories/${story.slug} (visitor)`),
      category: titleOf('/categories/animals (visitor)'),
      missing: titleOf('/404 (visitor)'),
      editor: titleOf('/dashboard/stories/new (maker)'),
    }).toEqual({
      search: 'moon GIFs — Jiffy',
      gif: 'Moon hop GIF — Jiffy',
      sticker: 'Waving moon sticker — Jiffy',
      channel: "@maker's channel — Jiffy",
      subchannel: 'Space by @maker — Jiffy',
      story: 'A night in space — Jiffy',
      category: 'Animals GIFs — Jiffy',
      missing: 'Page not found — Jiffy',
      editor: 'New story — Jiffy',
    });
    // Every page for every role, each axe run a few seconds: 170 s on the 2-core CI machine
    // of 2026-11-27 (PGlite), past 180 s on its PostgreSQL run.
  }, 360_000);

  it('finds no serious or critical violation on a phone, where every control is a tap target of at least 44 px', async () => {
    const gif = ids[0]!;
    const phonePaths = [
      '/',
      '/search/moon',
      `/gifs/moon-hop-${gif}`,
      `/gifs/waving-moon-${sticker}`,
      '/trending-gifs',
      '/explore',
      '/categories',
      '/maker',
      `/stories/${story.slug}`,
      '/login',
      '/join',
      '/widgets',
      `/embed/${gif}`,
    ];
    // A creator's own pages, where they upload, edit and follow their GIFs, on the phone too.
    const creatorPaths = [
      '/upload',
      '/edit/gifs',
      `/edit/gifs/${gif}`,
      '/dashboard',
      '/dashboard/stories',
      '/settings',
      '/favorites',
    ];
    const visitor = await pageFor('visitor', PHONE);
    const maker = await pageFor('maker', PHONE);
    const small: string[] = [];
    for (const [phone, path] of [
      ...phonePaths.map((path) => [visitor, path] as const),
      ...creatorPaths.map((path) => [maker, path] as const),
    ]) {
      await phone.goto(`${origin}${path}`);
      await settled(phone);
      record(await runAxe(phone), phone === maker ? 'maker' : 'visitor', `${path} (phone)`);
      // Controls a finger aims at: links and buttons that stand alone (a link inside a line
      // of text is sized by its text, as WCAG allows), form fields, tabs.
      const targets = await phone.evaluate((least) => {
        const controls = document.querySelectorAll<HTMLElement>(
          'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=tab], [role=button]',
        );
        const inText = (el: HTMLElement) =>
          el.tagName === 'A' &&
          getComputedStyle(el).display === 'inline' &&
          !!el.parentElement?.closest('p, li:not(nav li), td, figcaption, dd');
        // A checkbox's, radio's or file picker's target is its label, when it has one (a file
        // input is hidden behind a label styled as a button).
        const target = (el: HTMLElement) =>
          el instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(el.type)
            ? (el.labels?.[0] ?? el.closest('label') ?? el)
            : el;
        // What is off the screen until focused (the skip link) is not aimed at by a finger.
        const onScreen = (box: DOMRect) => box.right > 0 && box.left < innerWidth;
        return [...controls]
          .filter((el) => el.getClientRects().length > 0 && !inText(el))
          .map((el) => ({ el, box: target(el).getBoundingClientRect() }))
          .filter(({ box }) => onScreen(box))
          .filter(({ box }) => box.width < least || box.height < least)
          .map(
            ({ el, box }) =>
              `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
          );
      }, TAP_TARGET);
      for (const target of targets) small.push(`${path}: ${target}`);
    }
    console.log(
      `tap targets under ${TAP_TARGET} px on a phone:\n  ${small.join('\n  ') || 'none'}`,
    );
    const blocking = findings
      .filter((f) => f.path.endsWith('(phone)') && BLOCKING.includes(f.impact))
      .map((f) => `${f.impact} ${f.rule} on ${f.path}: ${f.targets.join(', ')}`);
    expect(blocking).toEqual([]);
    expect(small).toEqual([]);
  }, 240_000);

  /**
   * Presses Tab from the top of `path` up to `count` times, describing each stop, until focus
   * leaves the page (past its last control it goes to the browser: the body is active again).
   */
  async function tabThrough(page: Page, path: string, count: number): Promise<TabStop[]> {
    await page.goto(`${origin}${path}`);
    await settled(page);
    await page.evaluate(recordUnfocusedRings);
    const stops: TabStop[] = [];
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(describeFocus);
      if (stop.name === '(body)') break;
      stops.push(stop);
    }
    return stops;
  }
  /** `wanted` appear among `stops` in this order (other stops may come between). */
  const inOrder = (stops: TabStop[], wanted: string[]) => {
    const names = stops.map((s) => s.name);
    let from = 0;
    return wanted.map((name) => {
      const at = names.indexOf(name, from);
      if (at >= 0) from = at + 1;
      return at >= 0 ? name : `missing after ${names[from - 1] ?? 'the start'}: ${name}`;
    });
  };

  it('lets a keyboard reach the main controls in order, with focus always visible', async () => {
    // Home, signed out: skip link first, then the header, then the page's GIFs, then the footer.
    const visitor = await pageFor('visitor');
    const home = await tabThrough(visitor, '/', 40);
    expect(home.filter((s) => !s.ringVisible)).toEqual([]);
    const header = [
      'Skip to content',
      'Jiffy home',
      'Search GIFs',
      'Search',
      'Trending',
      'Stickers',
      'Clips',
      'Explore',
      'Categories',
      'Upload',
      'Log in',
      'Join',
    ];
    expect(home.slice(0, header.length).map((s) => s.name)).toEqual(header);
    const firstInMain = home.findIndex((s) => s.inMain);
    expect(firstInMain).toBe(header.length);
    expect(
      inOrder(home, ['Moon hop: space', 'About', 'Team', 'Transparency', 'Apps', 'Labs']),
    ).toEqual(['Moon hop: space', 'About', 'Team', 'Transparency', 'Apps', 'Labs']);

    // The skip link takes focus past the header: the next Tab lands in the page.
    await visitor.goto(`${origin}/`);
    await settled(visitor);
    await visitor.evaluate(recordUnfocusedRings);
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.press('Enter');
    await visitor.keyboard.press('Tab');
    expect(await visitor.evaluate(describeFocus)).toMatchObject({
      inMain: true,
      ringVisible: true,
    });

    // The header's suggestions: arrows move through them while focus stays in the box, which
    // names the active one to a screen reader; the open list passes axe; Enter searches it.
    const box = visitor.getByRole('combobox', { name: 'Search GIFs' });
    await box.focus();
    await visitor.keyboard.type('mo');
    await visitor.getByRole('option', { name: 'moon' }).waitFor();
    await visitor.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(
      await visitor.evaluate(
        (id) => document.getElementById(id ?? '')?.getAttribute('aria-selected'),
        active,
      ),
    ).toBe('true');
    expect(await visitor.locator(`[id="${active}"]`).textContent()).toBe('moon');
    expect(blockingOf(await runAxe(visitor), 'the open suggestions')).toEqual([]);
    await visitor.keyboard.press('Enter');
    await visitor.waitForURL(`${origin}/search/moon`);

    // A form page, signed in: /upload's controls in reading order, each with a ring.
    const fan = await pageFor('fan');
    const upload = await tabThrough(fan, '/upload', 30);
    expect(upload.filter((s) => !s.ringVisible)).toEqual([]);
    const controls = [
      'Choose files',
      'Or paste links to GIFs or videos, one per line',
      'Title',
      'Tags (separated by commas)',
      'Source link',
      'Rating',
    ];
    expect(
      inOrder(
        upload.filter((s) => s.inMain),
        controls,
      ),
    ).toEqual(controls);
  });
});
