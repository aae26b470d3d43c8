import { reportReasons, type ReportReason } from '@jiffy/contracts';
import { useEffect, useId, useRef, useState } from 'react';

/** The take-down's reason, note and whether to tell the uploader by e-mail. */
export function TakeDownForm(props: {
  initialReason?: string;
  busy: boolean;
  onSubmit: (input: { reason: ReportReason; note: string; send_email: boolean }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const known = reportReasons.find(([value]) => value === props.initialReason)?.[0];
  const [reason, setReason] = useState<ReportReason>(known ?? 'other');
  const [note, setNote] = useState('');
  const [email, setEmail] = useState(true);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <form
      className="take-down-form"
      aria-label="Take down"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit({ reason, note, send_email: email });
      }}
    >
      <div className="form-field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <select
          id={`${id}-reason`}
          ref={first}
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
        >
          {reportReasons.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-note`}>Note to the uploader (optional)</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <label className="check-field">
        <input
          type="checkbox"
          checked={email}
          onChange={(event) => setEmail(event.target.checked)}
        />
        E-mail the uploader
      </label>
      <button type="submit" className="danger" disabled={props.busy}>
        Confirm take-down
      </button>{' '}
      <button type="button" className="secondary" onClick={props.onCancel}>
        Cancel
      </button>
    </form>
  );
}
