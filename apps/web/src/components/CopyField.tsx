import { useState } from 'react';

/**
 * A read-only value with a Copy button (the text is selected on focus for copying by hand);
 * `onCopy` hears of each copy made with the button.
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
  const [copied, setCopied] = useState(false);
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
