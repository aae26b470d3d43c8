import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { ApplicationCard } from './ApplicationCard.tsx';
import { fetchPending, PENDING_KEY, PENDING_LIMIT } from './applications-api.ts';

/**
 * The applications waiting for review, oldest first. A decided one keeps its place with its
 * outcome until the list is loaded again.
 */
export function PendingApplications() {
  const pending = useQuery({ queryKey: PENDING_KEY, queryFn: fetchPending });
  if (pending.isPending) return <p className="loading">Loading…</p>;
  if (pending.error) return <ErrorMessage message={pending.error.message} />;
  if (!pending.data.length) return <p role="status">No applications waiting.</p>;
  return (
    <>
      <div className="queue-list">
        {pending.data.map((application) => (
          <ApplicationCard key={application.id} application={application} />
        ))}
      </div>
      {pending.data.length >= PENDING_LIMIT ? (
        <p className="muted">
          These are the oldest {PENDING_LIMIT}. Decide them, then reload for the next ones.
        </p>
      ) : null}
    </>
  );
}
