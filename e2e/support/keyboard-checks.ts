// Page functions for keyboard checks, run in the page with page.evaluate (passed by their
// source: each must stand alone, using nothing from this module's scope).

/** Opens every closed <details> on the page; true if there was one. */
export function openAllDetails(): boolean {
  const closed = [...document.querySelectorAll('details:not([open])')];
  for (const details of closed) (details as HTMLDetailsElement).open = true;
  return closed.length > 0;
}

/** What a Tab press landed on, and whether a person can see where it is. */
export interface TabStop {
  name: string;
  /** Inside <main> (the page's own controls) rather than the header or footer. */
  inMain: boolean;
  /** An outline or ring drawn on it, its label, or its wrapper, in view. */
  ringVisible: boolean;
}

/**
 * Records every element's outline and box-shadow with nothing focused, for describeFocus to
 * compare with (kept on the window: page.evaluate passes functions by their source only).
 */
export function recordUnfocusedRings(): void {
  (document.activeElement as HTMLElement | null)?.blur();
  const read = (el: Element): string => {
    const style = getComputedStyle(el);
    const outline =
      style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0
        ? 'none'
        : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    return `${outline} | ${style.boxShadow}`;
  };
  const rings = new Map<Element, string>();
  for (const el of document.querySelectorAll('body *')) rings.set(el, read(el));
  (window as unknown as { unfocusedRings: Map<Element, string> }).unfocusedRings = rings;
  (window as unknown as { ringStyle: (el: Element) => string }).ringStyle = read;
}

/**
 * The focused element's name, and whether a focus ring shows: the outline or box-shadow of it,
 * its label or its wrapper differs from the one recorded unfocused (a file input is visually
 * hidden and its label shows the ring), on a box in view.
 */
export function describeFocus(): TabStop {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { name: '(body)', inMain: false, ringVisible: false };
  const field = el as HTMLInputElement;
  const labelled = el.getAttribute('aria-labelledby');
  const name = (
    el.getAttribute('aria-label') ??
    (labelled ? document.getElementById(labelled)?.textContent : null) ??
    (field.labels?.[0]?.textContent || null) ??
    (el.textContent?.trim() || null) ??
    el.getAttribute('placeholder') ??
    el.tagName
  )
    .replace(/\s+/g, ' ')
    .trim();
  const { unfocusedRings, ringStyle } = window as unknown as {
    unfocusedRings: Map<Element, string>;
    ringStyle: (el: Element) => string;
  };
  const candidates = [el, ...(field.labels ?? []), el.parentElement].filter(
    (c): c is HTMLElement => !!c,
  );
  const ringVisible = candidates.some((c) => {
    const box = c.getBoundingClientRect();
    const inView =
      box.width >= 4 && box.height >= 4 && box.bottom > 0 && box.top < window.innerHeight;
    const now = ringStyle(c);
    return inView && now !== 'none | none' && now !== unfocusedRings.get(c);
  });
  return { name, inMain: !!el.closest('main'), ringVisible };
}

/**
 * Elements that look clickable (a pointer cursor) that a keyboard cannot reach: not a control,
 * not inside one, not a label (its field is reached), not an option of a listbox (arrows reach
 * those from the box). Described as "tag.class text".
 */
export function mouseOnlyControls(): string[] {
  const reachable =
    'a[href], button, input, select, textarea, summary, label, [tabindex], [role="option"], video[controls]';
  const found: string[] = [];
  for (const el of document.querySelectorAll('body *')) {
    if (getComputedStyle(el).cursor !== 'pointer' || el.closest(reachable)) continue;
    // Only the outermost of a clickable group: its children inherit the cursor.
    if (el.parentElement && getComputedStyle(el.parentElement).cursor === 'pointer') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const text = (el.textContent ?? '').trim().slice(0, 40);
    found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${text}"`);
  }
  return found;
}
