import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * A button for what cannot be undone (a delete): it opens the site's ConfirmDialog, and only
 * the dialog's confirming button does the work.
 */
export function ConfirmButton(props: {
  label: string;
  className?: string;
  disabled?: boolean;
  /** The dialog's question, e.g. "Delete this story for good?". */
  title: string;
  message?: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className={props.className}
        disabled={props.disabled}
        onClick={() => setConfirming(true)}
      >
        {props.label}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={props.title}
          message={props.message}
          confirmLabel={props.confirmLabel}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            props.onConfirm();
          }}
        />
      ) : null}
    </>
  );
}
