import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

/**
 * The site's "are you sure?" box, instead of the browser's confirm() (unstyled, and it blocks
 * the page). A modal dialog: focus goes to Cancel (the safe choice), Tab stays inside, Escape
 * or a click outside cancels, and focus goes back to what opened it when it closes.
 */
export function ConfirmDialog(props: {
  title: string;
  message?: string;
  /** The confirming button's words, e.g. "Delete 3 GIFs". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement;
    cancel.current?.focus();
    return () => {
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      props.onCancel();
    } else if (event.key === 'Tab') {
      const buttons = [...(box.current?.querySelectorAll('button') ?? [])];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const next = (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
      event.preventDefault();
      buttons[next]?.focus();
    }
  };
  return createPortal(
    <div
      className="dialog-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) props.onCancel();
      }}
    >
      <div
        ref={box}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{props.title}</h2>
        {props.message ? <p>{props.message}</p> : null}
        <div className="dialog-buttons">
          <button ref={cancel} type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
