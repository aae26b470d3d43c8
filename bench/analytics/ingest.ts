import autocannon from 'autocannon';
import pg from 'pg';
import { analyticsPayload } from '../../apps/server/src/modules/gifs/gif.presenter.ts';

/** One batch as GIPHY's SDKs send it: 200 events (the route's maximum) over many GIFs. */
export const BATCH = 200;
const ACTIONS = ['SEEN', 'SEEN', 'SEEN', 'CLICK', 'HOVER', 'SENT', 'FAVORITE'] as const;

export interface Batch {
  json: string;
  rows: { gifId: string; action: string; randomId: string; attributes: string; ts: number }[];
}

/** Distinct batches, each GIF order different (as real pages' batches are), rotated in turn. */
export function makeBatches(count: number, gifs: number): Batch[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, b) => {
    const rows = Array.from({ length: BATCH }, (_, i) => ({
      gifId: `bench${1 + ((b * 997 + i * 7919) % gifs)}`,
      action: ACTIONS[(b + i) % ACTIONS.length]!,
      randomId: `visitor-${b}`,
      attributes: JSON.stringify({ position: String(i) }),
      ts: now - i,
    }));
    const events = rows.map((r) => ({
      action_type: r.action,
      analytics_response_payload: analyticsPayload(r.gifId, `resp${b}`),
      user_id: r.randomId,
      attributes: JSON.parse(r.attributes) as unknown,
      ts: r.ts,
    }));
    return { json: JSON.stringify({ events }), rows };
  });
}

/** Sends `count` batches to `POST /v2/pingback`; resolves to the elapsed ms and non-2xx answers. */
export async function ingestThroughJiffy(
  url: string,
  batches: Batch[],
  count: number,
  connections: number,
): Promise<{ ms: number; failed: number }> {
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url: `${url}/v2/pingback`,
    connections,
    amount: count,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: batches[next++ % batches.length]!.json }),
      },
    ],
  });
  return { ms: performance.now() - started, failed: result.errors + result.non2xx };
}

/**
 * The baseline: the same rows as bare multi-row INSERTs (one per batch, as the route's own
 * insert is) into the same table, over as many connections, with no HTTP, parsing or counters.
 */
export async function ingestBare(
  databaseUrl: string,
  schema: string,
  batches: Batch[],
  count: number,
  connections: number,
): Promise<{ ms: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const columns = 7;
  const placeholders = Array.from(
    { length: BATCH },
    (_, r) =>
      `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`,
  ).join(', ');
  const text = `INSERT INTO ${schema}.pingback_events
    (gif_id, action_type, user_id, random_id, attributes, occurred_at, source) VALUES ${placeholders}`;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const batch = batches[next++ % batches.length]!;
        await pool.query(
          text,
          batch.rows.flatMap((r) => [
            r.gifId,
            r.action,
            null,
            r.randomId,
            r.attributes,
            new Date(r.ts),
            'widget',
          ]),
        );
      }
    }),
  );
  const ms = performance.now() - started;
  await pool.end();
  return { ms };
}

/** Rows in the pingback table now. */
export async function countPingbacks(databaseUrl: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${schema}.pingback_events`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}
