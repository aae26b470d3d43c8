import { sql } from 'kysely';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUsers } from '../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';

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
    // Failed uploads: every column the export writes, none of the search postings a ready GIF has.
    await sql`
      INSERT INTO gifs (id, slug, title, alt_text, type, rating, status, tags, user_id,
                        failure_code, source_format, width, height, frames, original_bytes)
      SELECT 'bulk' || n, 'bulk-' || n, 'Bulk GIF number ' || n || ', with a comma', '', 'gif',
             'g', 'failed', ARRAY['bulk', 'tag' || (n % 100)], 'idmod', 'corrupt_media',
             'gif', 480, 270, 30, 100000 + n
        FROM generate_series(1, ${ROWS}) AS n`.execute(t.jiffy.database.db);
  }, 120_000);
  afterAll(() => t.stop());

  it('streams every row with flat memory', async () => {
    const baseline = liveHeap();
    let peak = baseline;
    let nextSample = 0;
    const response = await fetch(`${origin}/api/v1/search-service/csv/?status=failed`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const started = Date.now();
    let lines = 0;
    let bytes = 0;
    const seen = new Set<string>();
    const decoder = new TextDecoder();
    let tail = '';
    for await (const chunk of response.body!) {
      bytes += chunk.byteLength;
      const text = tail + decoder.decode(chunk, { stream: true });
      const parts = text.split('\n');
      tail = parts.pop()!;
      for (const line of parts) {
        lines++;
        if (line.startsWith('bulk')) seen.add(line.slice(0, line.indexOf(',')));
      }
      if (bytes >= nextSample) {
        peak = Math.max(peak, liveHeap());
        nextSample = bytes + 2 ** 21;
      }
    }
    expect(tail).toBe('');
    expect(lines).toBe(ROWS + 1);
    expect(seen.size).toBe(ROWS);
    const grewMb = (peak - baseline) / 2 ** 20;
    console.info(
      `CSV export: ${ROWS} rows, ${(bytes / 2 ** 20).toFixed(1)} MB in ${Date.now() - started} ms; ` +
        `live heap grew at most ${grewMb.toFixed(1)} MB`,
    );
    // The text alone is ~19 MB and the rows as objects several times that: an export that
    // gathered either before sending would hold at least the text. Streaming, it holds a page
    // of rows and the buffers between the database, the server and this reader (5-9 MB seen).
    expect(grewMb).toBeLessThan((bytes / 2 ** 20) * 0.75);
  }, 120_000);
});
