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

/** Who acted: a user, the operator at the server's command line, or Jiffy itself. */
const actorOf = (entry: AuditEntry) =>
  entry.actor?.username ? `@${entry.actor.username}` : (entry.actor_note ?? 'system');

/** A role change: whose role went from what to what. */
function RoleChange({ entry }: { entry: AuditEntry }) {
  const who = entry.subject?.username;
  return (
    <>
      <time dateTime={entry.created_at}>{new Date(entry.created_at).toLocaleString()}</time> ·{' '}
      {actorOf(entry)} · <strong>role change</strong> ·{' '}
      {who ? <a href={`/${who}`}>@{who}</a> : 'a deleted user'}: {show(entry.before?.role)} →{' '}
      {show(entry.after?.role)}
    </>
  );
}

/** One audit-log entry on one line: when, who, what, on which GIF or user, what changed. */
export function AuditEntryLine({ entry }: { entry: AuditEntry }) {
  if (entry.action === 'user.set_role') return <RoleChange entry={entry} />;
  const diff = changes(entry);
  return (
    <>
      <time dateTime={entry.created_at}>{new Date(entry.created_at).toLocaleString()}</time> ·{' '}
      {actorOf(entry)} · <strong>{entry.action}</strong>
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
