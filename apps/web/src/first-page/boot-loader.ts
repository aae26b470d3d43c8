/**
 * When the site starts on a page the server wrote its first GIFs into, and the inline script
 * that starts it there. Shared by the server (which writes the script into the page) and the
 * site; the loader itself runs only in the page.
 *
 * The page does not name the boot module (main.tsx) in a `<script src>`: the browser would
 * fetch and run it while the first image loads, and on two cores that held the first GIF's
 * paint back by 4–12 ms of a 56 ms bare page (bench/web page copies, 25 loads each: 64 ms as
 * sent, 56 ms with a loader, 56 ms with no script at all). The loader adds the module once the
 * first GIF is on screen, or at once on the visitor's first input, or after
 * `SITE_START_MOST_MS` whatever the images do.
 */

/** The images of the first GIFs the server wrote into the page (web-app/first-gifs). */
export const FIRST_GIF_IMAGES = '.first-gifs img';
/** What the user does that means they want the site now rather than the pictures. */
export const SITE_START_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
/** Past this (ms from the navigation), the site starts even if an image is still loading. */
export const SITE_START_MOST_MS = 2500;
/** Set on `<html>` when the visitor's input started the site: the module then waits for nothing. */
export const STARTED_BY_INPUT = 'data-jiffy-started-by-input';

/**
 * The `elementtiming` name of the server's first-frame tile images: the browser reports when
 * the frame that painted them was presented (Element Timing).
 */
export const FIRST_GIF_TIMING = 'jiffy-first-gif';

/**
 * Adds the boot module once, on the first of: the first GIF on screen, the visitor's first
 * input, `mostMs` after the navigation. On screen is what the browser's Element Timing says of
 * the image named `timing` (its entry comes once the frame that painted it has been presented):
 * the window's load and a frame after it came before that frame on a busy machine, and the
 * module's fetch and run then competed with its raster (a trace of bench/web). Where that
 * cannot tell (a browser without Element Timing, or a first image that did not load), the
 * window's load and a frame.
 * Its text is written into the page, so it names nothing outside itself.
 */
export function loadBootModule(
  src: string,
  firstImages: string,
  timing: string,
  inputEvents: readonly string[],
  mostMs: number,
  inputAttribute: string,
): void {
  const paintTiming =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('element');
  const observer = paintTiming
    ? new PerformanceObserver((list) => {
        const named = (entry: PerformanceEntry) =>
          (entry as PerformanceEntry & { identifier?: string }).identifier === timing;
        if (list.getEntries().some(named)) setTimeout(() => start(false));
      })
    : undefined;
  const listening = new AbortController();
  const start = (byInput: boolean) => {
    if (listening.signal.aborted) return;
    listening.abort();
    observer?.disconnect();
    if (byInput) document.documentElement.setAttribute(inputAttribute, '');
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  };
  observer?.observe({ type: 'element', buffered: true });
  const untilStarted = { capture: true, signal: listening.signal };
  addEventListener(
    'load',
    () => {
      if (paintTiming && document.querySelector<HTMLImageElement>(firstImages)?.naturalWidth)
        return;
      requestAnimationFrame(() => setTimeout(() => start(false)));
    },
    untilStarted,
  );
  for (const type of inputEvents) addEventListener(type, () => start(true), untilStarted);
  setTimeout(() => start(false), Math.max(0, mostMs - performance.now()));
}

/** The text of the inline `<script>` that loads the boot module at `src` (its CSP hash is of this). */
export const bootLoaderScript = (src: string): string =>
  `(${loadBootModule.toString()})(${[
    src,
    FIRST_GIF_IMAGES,
    FIRST_GIF_TIMING,
    SITE_START_EVENTS,
    SITE_START_MOST_MS,
    STARTED_BY_INPUT,
  ]
    .map((argument) => JSON.stringify(argument))
    .join(',')})`;
