import { reportReasons, type Gif, type ReportReason } from '@jiffy/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

/** Report: a reason and an optional note for the moderators; anyone may send one. */
export function ReportGif({ gif }: { gif: Gif }) {
  const noteId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: () =>
      siteJson(`/api/v1/gifs/${gif.id}/reports`, { method: 'POST', json: { reason, note } }),
  });
  if (send.isSuccess) return <p role="status">Thank you. A moderator will look at this GIF.</p>;
  if (!open)
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        Report
      </button>
    );
  return (
    <form
      className="report-form"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
    >
      <fieldset>
        <legend>What is wrong with this GIF?</legend>
        {reportReasons.map(([value, label]) => (
          <label key={value} className="check-field">
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label htmlFor={noteId}>Anything the moderators should know (optional)</label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {send.error ? <ErrorMessage message={send.error.message} /> : null}
      <button type="submit" className="danger" disabled={!reason || send.isPending}>
        Send report
      </button>{' '}
      <button type="button" className="secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
