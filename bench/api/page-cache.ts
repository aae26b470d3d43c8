// Reads a corpus's searched relations back into the operating system's page cache before its
// turn. The machines this bench runs on (Firecracker VMs) page out memory that nobody touched
// for a minute (a DAMON `pageout` scheme: /sys/kernel/mm/damon/admin/kdamonds/0, minimum age
// 12 × 5 s), and with no swap what it drops is the page cache. Each corpus sits idle for about
// 50 s while the other sizes are measured, so its first searches could read the disk (`vmstat`
// showed 9–13 MB/s read as each million-row turn began, and one whole run's p99 was 191 ms
// against 23–24 ms in the runs around it). Warming the relations untimed keeps the figures
// about searching, not about the host's memory policy.
import type pg from 'pg';

/**
 * What new searches read, from pg_statio over 5 s of them at a million rows (blocks a search):
 * gifs_pkey 62, gifs 21 (the page's rows), search_postings 37 (its visibility map only: the
 * ranked index answers alone), search_postings_rated_idx 15, the counts 9, search_terms (now
 * search_term_visitors) and users about 1 each. Tables are warmed with their visibility map; search_postings' heap
 * (861 MB, never read by a search) is left out.
 */
const SEARCHED: Array<[relation: string, forks: Array<'main' | 'vm'>]> = [
  ['gifs', ['main', 'vm']],
  ['gifs_pkey', ['main']],
  ['search_postings', ['vm']],
  ['search_postings_rated_idx', ['main']],
  ['search_posting_counts', ['main', 'vm']],
  ['search_posting_counts_pkey', ['main']],
  ['search_term_visitors', ['main', 'vm']],
  ['search_term_visitors_pkey', ['main']],
  ['users', ['main', 'vm']],
  ['users_pkey', ['main']],
  ['users_username_key', ['main']],
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

/** Reads `schema`'s searched relations (and gifs' TOAST) through the page cache; seconds taken. */
export async function warmPageCache(client: pg.Client, schema: string): Promise<number> {
  const started = performance.now();
  const forks = SEARCHED.flatMap(([relation, list]) => list.map((fork) => [relation, fork]));
  await client.query(
    `SELECT sum(pg_prewarm(c.oid, 'read', w.fork)) FROM pg_class c
       JOIN unnest($2::text[], $3::text[]) AS w(relation, fork) ON c.relname = w.relation
       WHERE c.relnamespace = $1::regnamespace AND pg_relation_size(c.oid, w.fork) > 0`,
    [schema, forks.map(([relation]) => relation), forks.map(([, fork]) => fork)],
  );
  await client.query(
    `SELECT pg_prewarm(reltoastrelid, 'read') FROM pg_class
       WHERE relnamespace = $1::regnamespace AND relname = 'gifs' AND reltoastrelid <> 0`,
    [schema],
  );
  return (performance.now() - started) / 1000;
}
