import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/** axe-core's browser build, injected into each page as a script. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), {
  encoding: 'utf8',
});

/** The impacts that fail the test; minor and moderate findings are counted in summaries only. */
export const BLOCKING: ImpactValue[] = ['serious', 'critical'];

/**
 * Has every page `context` opens carry axe from its start (top frames only, as runAxe injects
 * it), so that runAxe need not send it: sending its 650 kB to a page took 0.3-0.7 s, most of a
 * page's audit.
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: `if (window === window.top) {\n${AXE_SOURCE}\n}` });
}

/**
 * Runs axe once on the page as it is now (its default rules), injecting it unless preloadAxe
 * did. The site's CSP allows only its own scripts: the page's context must be made with
 * `bypassCSP: true`.
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
      resultTypes: ['violations'],
    }),
  );
}

/** The serious and critical violations, one line each: impact, rule, where, which nodes. */
export const blockingOf = (results: AxeResults, where: string): string[] =>
  results.violations
    .filter((v) => BLOCKING.includes(v.impact ?? 'minor'))
    .map((v) => `${v.impact} ${v.id} on ${where}: ${v.nodes.map((n) => n.target).join(', ')}`);
