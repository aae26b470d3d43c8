import { useEffect, useState } from 'react';

/** How long a copy button says "Copied" before it offers to copy again. */
export const COPIED_MS = 2000;

/**
 * What was just copied, for a moment (`COPIED_MS`), then nothing again: a copy button says
 * "Copied" and then offers to copy again, so a second copy reads as one. Shared by the embed
 * player's share menu and the site's copy fields.
 */
export function useCopied<T>(): [
  copied: T | null,
  copy: (what: T, text: string) => Promise<boolean>,
] {
  // Counts copies, so each one shows "Copied" for the whole moment, not what is left of the last.
  const [copies, setCopies] = useState(0);
  const [copied, setCopied] = useState<T | null>(null);
  useEffect(() => {
    if (copies === 0) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copies]);
  const copy = async (what: T, text: string) => {
    const written = await navigator.clipboard?.writeText(text).then(
      () => true,
      () => false,
    );
    if (!written) return false;
    setCopied(what);
    setCopies((count) => count + 1);
    return true;
  };
  return [copied, copy];
}
