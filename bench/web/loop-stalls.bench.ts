// bench/web: what stalls an idle server's event loop on the embedded database. A bench Jiffy
// (24 GIFs, as bench:web serves) sits idle for STALL_SECONDS while a 5 ms timer measures the
// loop's stalls and every PGlite statement is timed (PGlite runs on this thread: a statement's
// time is a stall). Prints stalls over 20 ms and the statements that took over 10 ms, grouped.
//
//   node bench/web/loop-stalls.bench.ts     # STALL_SECONDS=30
import { PGlite } from '@electric-sql/pglite';
import { startBenchJiffy, uploadReadyGifs } from '../support/bench-jiffy.ts';

const seconds = Number(process.env.STALL_SECONDS ?? 30);
interface Timed {
  at: number;
  ms: number;
  sql: string;
}
const statements: Timed[] = [];
let measuring = false;
for (const method of ['query', 'exec'] as const) {
  const original = Reflect.get(PGlite.prototype, method) as (
    ...args: unknown[]
  ) => Promise<unknown>;
  (PGlite.prototype as unknown as Record<string, unknown>)[method] = async function (
    this: PGlite,
    ...args: unknown[]
  ) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      const ms = performance.now() - started;
      if (measuring) statements.push({ at: started, ms, sql: String(args[0]) });
    }
  };
}

const { jiffy } = await startBenchJiffy('stalls');
await uploadReadyGifs(
  jiffy,
  Array.from({ length: 24 }, (_, i) => ({ width: 240 + (i % 4) * 40, height: 180, frames: 6 })),
);
const stalls: { at: number; ms: number }[] = [];
measuring = true;
const startedAt = performance.now();
let last = performance.now();
const timer = setInterval(() => {
  const now = performance.now();
  if (now - last > 25) stalls.push({ at: last, ms: now - last - 5 });
  last = now;
}, 5);
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
clearInterval(timer);
measuring = false;
await jiffy.close();

const shape = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 110);
console.log(
  `\nIdle ${seconds} s: ${stalls.length} stalls over 20 ms, worst ${Math.max(0, ...stalls.map((s) => s.ms)).toFixed(0)} ms`,
);
for (const stall of stalls) {
  const inside = statements
    .filter((s) => s.at + s.ms >= stall.at && s.at <= stall.at + stall.ms + 5)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 2);
  console.log(
    `  +${((stall.at - startedAt) / 1000).toFixed(1)} s ${stall.ms.toFixed(0)} ms: ${inside.map((s) => `${s.ms.toFixed(0)} ms ${shape(s.sql)}`).join(' | ')}`,
  );
}
const groups = new Map<string, number[]>();
for (const s of statements) {
  const key = shape(s.sql);
  groups.set(key, [...(groups.get(key) ?? []), s.ms]);
}
console.log(`\nStatements (${statements.length}), by total time:`);
for (const [sql, times] of [...groups]
  .sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0))
  .slice(0, 15)) {
  const total = times.reduce((x, y) => x + y, 0);
  console.log(
    `  ${times.length}x total ${total.toFixed(0)} ms max ${Math.max(...times).toFixed(0)} ms: ${sql}`,
  );
}
