import type { ReactNode } from 'react';

/**
 * A dashboard section: its heading, then its figures, or a sentence saying there are none (a
 * heading over nothing reads as a page that failed to load). Every section says the same way
 * whether it is loading, failed or empty.
 */
export function DashboardSection(props: {
  title: string;
  /** The section's rows; undefined while they load. */
  rows: readonly unknown[] | undefined;
  /** What the section says when there are no rows, e.g. "No searches showed your GIFs…". */
  empty: string;
  /** The rows could not be loaded. */
  failed?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <h2>{props.title}</h2>
      {props.failed ? (
        <p role="alert">This could not be loaded.</p>
      ) : props.rows === undefined ? (
        <p className="loading">Loading…</p>
      ) : props.rows.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        props.children
      )}
    </>
  );
}
