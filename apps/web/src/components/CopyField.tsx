import { useEffect, useState } from 'react';

/** How long the button says "Copied" before it offers to copy again. */
export const COPIED_MS = 2000;

/**
 * A read-only value with a Copy button (the text is selected on focus for copying by hand);
 * `onCopy` hears of each copy made with the button. The button says "Copied" for a moment,
 * then "Copy" again, so a second copy (after an edit elsewhere, say) reads as one.
 */
export function CopyField({
  label,
  value,
  onCopy,
}: {
  label: string;
  value: string;
  onCopy?: () => void;
}) {
  // Counts copies, so each one shows "Copied" for the whole moment, not what is left of the last.
  const [copies, setCopies] = useState(0);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (copies === 0) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copies]);
  return (
    <label className="copy-field">
      <span>{label}</span>
      <input readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      <button
        type="button"
        className="secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(
            () => {
              setCopied(true);
              setCopies((count) => count + 1);
              onCopy?.();
            },
            () => undefined,
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </label>
  );
}
