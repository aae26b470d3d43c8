/**
 * The server's page is usable before the site starts, and a keyboard user's first Tab is what
 * starts it (first-gifs-painted.ts). When the site's first render replaces that markup, the
 * focused element and any text typed into it would go with it: focus falls back to the body and
 * the next Tab starts again from the top. This keeps both.
 *
 * The server's markup is written by hand, not by React, so elements are matched by what a user
 * knows them by (tag, accessible name, link target), not by position.
 */

type Focusable = HTMLElement & { value?: string };

/** How long the site may take to render the counterpart of what had the focus. */
const COUNTERPART_WAIT_MS = 2000;

/** What identifies a control to its user (kind, name, target): the same in both markups. */
const identityOf = (el: Element): string =>
  [
    el.tagName,
    el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
    el.getAttribute('href') ?? '',
  ].join('\u0000');

/**
 * The site's element the user knows as `old`. One the server gave an id is the site's element of
 * that id: the page's `<main>`, where the skip link puts the focus, is otherwise named by all of
 * its text, which the site's render changes. Only the old element's id counts, so a site
 * element with an id of React's making still matches a server one without.
 */
function counterpartOf(root: HTMLElement, old: Focusable): Focusable | undefined {
  if (old.id) {
    const same = document.getElementById(old.id);
    return same && root.contains(same) && same.tagName === old.tagName ? same : undefined;
  }
  const identity = identityOf(old);
  return [...root.querySelectorAll<Focusable>(old.tagName)].find(
    (el) => identityOf(el) === identity,
  );
}

/**
 * Starts watching focus inside `root`, and returns what to call once the site's first render
 * has been committed: it moves focus (and typed text) to the new element the user knows as the
 * one they were on, if the render took theirs away.
 */
export function keepFocusAcrossTakeover(root: HTMLElement): () => void {
  let last: Focusable | null = root.contains(document.activeElement)
    ? (document.activeElement as Focusable)
    : null;
  const track = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && root.contains(event.target)) last = event.target;
  };
  document.addEventListener('focusin', track, true);

  return () => {
    document.removeEventListener('focusin', track, true);
    const old = last;
    last = null;
    // Nothing was focused, or the render kept it.
    if (!old || old.isConnected) return;
    const moveFocus = (): boolean => {
      // The user has moved on since: leave their focus where it is.
      if (document.activeElement && document.activeElement !== document.body) return true;
      const counterpart = counterpartOf(root, old);
      if (!counterpart) return false;
      if (old.value && counterpart.value === '') typeInto(counterpart, old.value);
      counterpart.focus({ preventScroll: true, focusVisible: true });
      return true;
    };
    if (moveFocus()) return;
    // Some of the site's content comes a render later (the grid's tiles once it has measured
    // its width): wait for the counterpart a little while.
    const observer = new MutationObserver(() => {
      if (moveFocus()) stop();
    });
    const timer = setTimeout(() => stop(), COUNTERPART_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
  };
}

/** Sets a controlled input's value the way typing does, so React's onChange sees it. */
function typeInto(el: Focusable, value: string): void {
  const prototype = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
