import { sql } from 'kysely';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const ROWS = 100_000;

// What the heap holds, garbage collected first: what the export keeps, not what it has dropped.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

// The export streams page by page: 100,000 rows leave the server while its heap stays near
// where it started. A server that gathered the rows (or the text) first would hold them all.
describe('the staff CSV export at 100,000 GIFs', () => {
  let t: TestJiffy;
  let origin: string;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestJiffy({ HOST: '127.0.0.1', PORT: '0' });
    origin = (await t.jiffy.listen())!;
    const { mod } = await signedInUsers(t, [['mod', 'moderator']]);
    cookie = [...mod!.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Failed uploads: every column the export writes, none of the search postings a ready GIF
    // has, and short text (each word costs the text indexes at insert; the CSV's quoting has
    // its own test).
    const started = Date.now();
    await sql`
      INSERT INTO gifs (id, slug, title, alt_text, type, rating, status, tags, user_id,
                        failure_code, source_format, width, height, frames, original_bytes)
      SELECT 'bulk' || n, 'bulk-' || n, 'b' || n, '', 'gif', 'g', 'failed', '{}', 'idmod',
             'corrupt_media', 'gif', 480, 270, 30, 100000 + n
        FROM generate_series(1, ${ROWS}) AS n`.execute(t.jiffy.database.db);
    // Statistics for the new rows, as autovacuum would gather on a server: without them the
    // planner takes the table for near-empty and reads every remaining row for each page of
    // the export (~100 ms a page) instead of walking the (created_at, id) index (~1 ms).
    await sql`ANALYZE gifs`.execute(t.jiffy.database.db);
    console.info(`CSV export: ${ROWS} rows inserted in ${Date.now() - started} ms`);
  }, 240_000);
  afterAll(() => t.stop());

  /**
   * Exports what `query` finds, reading it as it arrives; answers how many distinct rows came
   * (marked in a typed array made before measuring, so the reader keeps nothing per row on the
   * heap), the lines and bytes read, and how far the live heap rose above where it was before.
   */
  const exportAndMeasure = async (query: string) => {
    const marks = new Uint8Array(ROWS + 1);
    let distinct = 0;
    const baseline = liveHeap();
    let peak = baseline;
    let nextSample = 0;
    const started = Date.now();
    const response = await fetch(`${origin}/api/v1/search-service/csv/?${query}`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    let lines = 0;
    let bytes = 0;
    const decoder = new TextDecoder();
    let tail = '';
    for await (const chunk of response.body!) {
      bytes += chunk.byteLength;
      const text = tail + decoder.decode(chunk, { stream: true });
      const parts = text.split('\n');
      tail = parts.pop()!;
      for (const line of parts) {
        lines++;
        if (!line.startsWith('bulk')) continue;
        const n = Number(line.slice(4, line.indexOf(',')));
        if (!marks[n]) distinct++;
        marks[n] = 1;
      }
      if (bytes >= nextSample) {
        peak = Math.max(peak, liveHeap());
        nextSample = bytes + 2 ** 20;
      }
    }
    expect(tail).toBe('');
    const grewMb = (peak - baseline) / 2 ** 20;
    const mb = bytes / 2 ** 20;
    console.info(
      `CSV export: ${distinct} rows, ${mb.toFixed(1)} MB in ${Date.now() - started} ms; ` +
        `live heap grew at most ${grewMb.toFixed(1)} MB`,
    );
    return { distinct, lines, mb, grewMb };
  };

  it('streams every row with flat memory', async () => {
    // A tenth of the rows first (original_bytes is 100000 + n), then all of them.
    const tenth = await exportAndMeasure(`status=failed&min_bytes=${100_000 + ROWS * 0.9 + 1}`);
    expect(tenth.distinct).toBe(ROWS / 10);
    const all = await exportAndMeasure('status=failed');
    expect(all.lines).toBe(ROWS + 1);
    expect(all.distinct).toBe(ROWS);
    // Ten times the rows, about the same memory: streaming holds a page of rows and the
    // buffers between the database, the server and this reader, whatever the export's size.
    // An export that gathered its rows or its text first would hold 9/10 of the text more.
    expect(all.grewMb - tenth.grewMb).toBeLessThan((all.mb - tenth.mb) / 4);
  }, 240_000);
});
