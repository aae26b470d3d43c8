// Reads a corpus's searched relations back into the operating system's page cache before its
// turn. The machines this bench runs on (Firecracker VMs) page out memory that nobody touched
// for a minute (a DAMON `pageout` scheme: /sys/kernel/mm/damon/admin/kdamonds/0, minimum age
// 12 × 5 s), and with no swap what it drops is the page cache. Each corpus sits idle for about
// 50 s while the other sizes are measured, so its first searches could read the disk (`vmstat`
// showed 12–85 MB/s read as each million-row turn began, and one whole run's p99 was 191 ms
// against 23–24 ms in the runs around it). Warming the relations untimed keeps the figures
// about searching, not about the host's memory policy.
import type pg from 'pg';

/** What new searches read (pg_statio during a run at a million rows), biggest first. */
const SEARCHED = [
  'gifs',
  'search_postings',
  'search_postings_rated_idx',
  'gifs_pkey',
  'search_posting_counts',
  'search_posting_counts_pkey',
  'search_terms',
  'search_terms_pkey',
  'search_terms_recent_idx',
  'users',
  'users_pkey',
];

/** pg_prewarm if the server has it (a contrib module); false when it cannot be used. */
export async function enablePrewarm(client: pg.Client): Promise<boolean> {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    return true;
  } catch (error) {
    console.warn(`pg_prewarm unavailable, the page cache is not warmed: ${String(error)}`);
    return false;
  }
}

/** Reads `schema`'s searched relations (and their TOAST) through the page cache; seconds taken. */
export async function warmPageCache(client: pg.Client, schema: string): Promise<number> {
  const started = performance.now();
  await client.query(
    `SELECT sum(pg_prewarm(oid, 'read')) FROM (
       SELECT c.oid FROM pg_class c WHERE c.relnamespace = $1::regnamespace AND c.relname = ANY($2)
       UNION ALL
       SELECT c.reltoastrelid FROM pg_class c
         WHERE c.relnamespace = $1::regnamespace AND c.relname = ANY($2) AND c.reltoastrelid <> 0
     ) AS relations`,
    [schema, SEARCHED],
  );
  return (performance.now() - started) / 1000;
}
