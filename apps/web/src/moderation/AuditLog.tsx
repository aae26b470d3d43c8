import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { AuditEntryLine } from './AuditEntryLine.tsx';
import { decide, fetchAuditLog, type AuditEntry } from './moderation-api.ts';

/** An admin brings a taken-down GIF back from its takedown's entry. */
function RestoreButton({ entry, onDone }: { entry: AuditEntry; onDone: () => void }) {
  const restore = useMutation({
    mutationFn: () => decide(entry.gif_id!, { action: 'restore' }),
    onSuccess: onDone,
  });
  if (restore.isSuccess) return <span role="status"> · restored</span>;
  return (
    <>
      {' '}
      <button
        type="button"
        className="secondary"
        disabled={restore.isPending}
        onClick={() => restore.mutate()}
      >
        Restore
      </button>
      {restore.error ? <ErrorMessage message={restore.error.message} /> : null}
    </>
  );
}

/** Whether a newer entry (the list is newest first) restored this takedown's GIF. */
const restoredLater = (entries: AuditEntry[], index: number) =>
  entries
    .slice(0, index)
    .some((later) => later.action === 'gif.restore' && later.gif_id === entries[index]!.gif_id);

/** Every decision, newest first, a page at a time. */
export function AuditLog() {
  const log = useInfiniteQuery({
    queryKey: ['moderation-audit-log'],
    queryFn: ({ pageParam }) => fetchAuditLog(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.pagination.next_cursor,
  });
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      {log.isPending ? <p className="loading">Loading…</p> : null}
      {log.error ? <ErrorMessage message={log.error.message} /> : null}
      {log.isSuccess && !entries.length ? <p>No decisions yet.</p> : null}
      <ol className="audit-log">
        {entries.map((entry, index) => (
          <li key={entry.id}>
            <AuditEntryLine entry={entry} />
            {entry.action === 'gif.takedown' && entry.gif_id && !restoredLater(entries, index) ? (
              <RestoreButton entry={entry} onDone={() => void log.refetch()} />
            ) : null}
          </li>
        ))}
      </ol>
      {log.hasNextPage ? (
        <button
          type="button"
          className="secondary"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          More
        </button>
      ) : null}
    </>
  );
}
