import { useCopied } from '@jiffy/embed/use-copied';

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
  const [copied, copy] = useCopied<true>();
  return (
    <label className="copy-field">
      <span>{label}</span>
      <input readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      <button
        type="button"
        className="secondary"
        onClick={() =>
          void copy(true, value).then((written) => {
            if (written) onCopy?.();
          })
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </label>
  );
}
