import type { AuditEntry } from './moderation-api.ts';

const show = (value: unknown) =>
  value === undefined || value === null
    ? '–'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** Only the fields a decision changed, `before → after`. */
function changes(entry: AuditEntry): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`)
    .join(', ');
}

/** One audit-log entry on one line: when, who, what, on which GIF, what changed. */
export function AuditEntryLine({ entry }: { entry: AuditEntry }) {
  const diff = changes(entry);
  return (
    <>
      <time dateTime={entry.created_at}>{new Date(entry.created_at).toLocaleString()}</time> ·{' '}
      {entry.actor?.username ? `@${entry.actor.username}` : 'system'} ·{' '}
      <strong>{entry.action}</strong>
      {entry.gif_id ? (
        <>
          {' '}
          · GIF <a href={`/gifs/${entry.gif_id}`}>{entry.gif_id}</a>
        </>
      ) : (
        ''
      )}
      {entry.search_report_id ? ` · search report ${entry.search_report_id}` : ''}
      {diff ? ` · ${diff}` : ''}
    </>
  );
}
