import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { fetchQueue, queueKinds, type QueueKind } from './moderation-api.ts';
import { QueueItemCard } from './QueueItemCard.tsx';

/**
 * What waits for a decision, oldest first, one kind or all, a page at a time. Items stay on
 * the page after a decision (with what it did) until Refresh, so an admin can restore at once.
 */
export function ModerationQueue({ isAdmin }: { isAdmin: boolean }) {
  const [kind, setKind] = useState<QueueKind>('');
  // The item last focused (by j/k, a click or Tab, anywhere inside it): where j and k step from.
  const current = useRef(-1);
  const cards = useRef<(HTMLElement | null)[]>([]);
  const queue = useInfiniteQuery({
    queryKey: ['moderation-queue', kind],
    queryFn: ({ pageParam }) => fetchQueue(kind, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.pagination.next_cursor,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const items = queue.data?.pages.flatMap((page) => page.data) ?? [];

  // j and k work from anywhere on the page (nothing need be focused yet), not while typing.
  const count = items.length;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const tag = (event.target as HTMLElement).tagName;
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag) || event.ctrlKey || event.metaKey) return;
      const step = event.key === 'j' ? 1 : event.key === 'k' ? -1 : 0;
      if (!step || !count) return;
      event.preventDefault();
      cards.current[Math.min(count - 1, Math.max(0, current.current + step))]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count]);

  return (
    <div>
      <div className="queue-toolbar" role="group" aria-label="Show">
        {queueKinds.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={value === kind ? 'primary' : 'secondary'}
            aria-pressed={value === kind}
            onClick={() => {
              setKind(value);
              current.current = -1;
            }}
          >
            {label}
          </button>
        ))}
        <button type="button" className="secondary" onClick={() => void queue.refetch()}>
          Refresh
        </button>
      </div>
      {queue.isPending ? <p className="loading">Loading…</p> : null}
      {queue.error ? <ErrorMessage message={queue.error.message} /> : null}
      {queue.isSuccess && !items.length ? <p>Nothing waits for a decision.</p> : null}
      <div className="queue-list">
        {items.map((item, index) => (
          <QueueItemCard
            key={`${item.kind}:${item.id}`}
            ref={(node) => {
              cards.current[index] = node;
            }}
            item={item}
            isAdmin={isAdmin}
            onFocus={() => {
              current.current = index;
            }}
          />
        ))}
      </div>
      {queue.hasNextPage ? (
        <button
          type="button"
          className="secondary"
          disabled={queue.isFetchingNextPage}
          onClick={() => void queue.fetchNextPage()}
        >
          More
        </button>
      ) : null}
    </div>
  );
}
