/** A `next` that stays on this site (no `//elsewhere` or `https://…`); home otherwise. */
export const safeNext = (next: string | null | undefined): string =>
  next && next.startsWith('/') && !next.startsWith('//') ? next : '/';

// Where a sign-up was headed, kept in this browser until its address is confirmed: the link in
// the e-mail opens a new tab (or comes back days later), which knows nothing of the sign-up.
const KEY = 'jiffy.after-confirm';

/** Keeps where the new account was headed, for the confirmation to lead there. */
export function rememberNextAfterConfirm(next: string | null): void {
  try {
    if (next) localStorage.setItem(KEY, safeNext(next));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window's quota): the confirmation leads to the welcome page.
  }
}

/** Where the confirmed account was headed, if this browser kept it; forgotten once read. */
export function takeNextAfterConfirm(): string | null {
  try {
    const next = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return next ? safeNext(next) : null;
  } catch {
    return null;
  }
}
