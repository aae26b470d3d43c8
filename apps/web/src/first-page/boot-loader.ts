/**
 * When the site starts on a page the server wrote its first GIFs into, and the inline script
 * that starts it there. Shared by the server (which writes the script into the page) and the
 * site; the loader itself runs only in the page.
 *
 * The page does not name the boot module (main.tsx) in a `<script src>`: the browser would
 * fetch and run it while the first image loads, and on two cores that held the first GIF's
 * paint back by 4–12 ms of a 56 ms bare page (bench/web page copies, 25 loads each: 64 ms as
 * sent, 56 ms with this loader, 56 ms with no script at all). The loader adds the module once
 * the first image has loaded and a frame has passed, or at once on the visitor's first input,
 * or after `SITE_START_MOST_MS` whatever the images do.
 */

/** What the user does that means they want the site now rather than the pictures. */
export const SITE_START_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
/** Past this (ms from the navigation), the site starts even if an image is still loading. */
export const SITE_START_MOST_MS = 2500;
/** Set on `<html>` when the visitor's input started the site: the module then waits for nothing. */
export const STARTED_BY_INPUT = 'data-jiffy-started-by-input';

/**
 * Adds the boot module once, on the first of: the window's load (the first image is in) and
 * then a frame, the visitor's first input, `mostMs` after the navigation. Its text is written
 * into the page, so it names nothing outside itself.
 */
export function loadBootModule(
  src: string,
  inputEvents: readonly string[],
  mostMs: number,
  inputAttribute: string,
): void {
  let started = false;
  const start = (byInput: boolean) => {
    if (started) return;
    started = true;
    if (byInput) document.documentElement.setAttribute(inputAttribute, '');
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  };
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(() => start(false))));
  for (const type of inputEvents) addEventListener(type, () => start(true), { capture: true });
  setTimeout(() => start(false), Math.max(0, mostMs - performance.now()));
}

/** The text of the inline `<script>` that loads the boot module at `src` (its CSP hash is of this). */
export const bootLoaderScript = (src: string): string =>
  `(${loadBootModule.toString()})(${[src, SITE_START_EVENTS, SITE_START_MOST_MS, STARTED_BY_INPUT]
    .map((argument) => JSON.stringify(argument))
    .join(',')})`;
