import { DECISION_NOTE_MAX } from '@jiffy/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import {
  dayOf,
  decideApplication,
  type Decision,
  type PendingApplication,
} from './applications-api.ts';

const outcome: Record<Decision, string> = {
  approve: 'Approved: now a verified creator.',
  reject: 'Declined.',
};

/**
 * One application: who, when, what they wrote, and the moderator's Approve or Decline, with an
 * optional note the applicant reads on their /apply page.
 */
export function ApplicationCard({ application }: { application: PendingApplication }) {
  const headingId = useId();
  const noteId = useId();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (decision: Decision) => decideApplication(application.id, decision, note),
  });
  return (
    <article className="queue-item application-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link to={`/${application.username}`}>@{application.username}</Link>
      </h2>
      <p className="muted">
        Applied <time dateTime={application.created_at}>{dayOf(application.created_at)}</time>
      </p>
      <p className="application-message">{application.message}</p>
      {application.portfolio_url ? (
        <p>
          Portfolio:{' '}
          <a href={application.portfolio_url} target="_blank" rel="noopener noreferrer nofollow">
            {application.portfolio_url}
          </a>
        </p>
      ) : null}
      {decide.isSuccess ? (
        <p role="status">{outcome[decide.variables]}</p>
      ) : (
        <>
          <div className="form-field">
            <label htmlFor={noteId}>Note to @{application.username} (optional)</label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={DECISION_NOTE_MAX}
              value={note}
              disabled={decide.isPending}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div className="action-row">
            <button
              type="button"
              className="primary"
              disabled={decide.isPending}
              onClick={() => decide.mutate('approve')}
            >
              Approve
            </button>
            <button
              type="button"
              className="secondary"
              disabled={decide.isPending}
              onClick={() => decide.mutate('reject')}
            >
              Decline
            </button>
          </div>
        </>
      )}
      {decide.error ? <ErrorMessage message={decide.error.message} /> : null}
    </article>
  );
}
