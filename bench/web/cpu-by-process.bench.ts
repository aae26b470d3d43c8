// bench/web CPU by process: how much CPU each process spends from a navigation to its first
// GIF's paint, for the live page (TRACE_PATH, `/` by default) and the bare `<img>` page,
// alternated. Chromium's processes are told apart by their `--type` (renderer, gpu-process, the
// network service...); this Node process holds both Jiffy and the bench. On a machine whose two
// cores are saturated by a load, the painted clock follows the sum of these, not one thread.
//
//   node bench/web/cpu-by-process.bench.ts   # TRACE_DEVICE=phone, BENCH_RUNS=15
import { readdirSync, readFileSync } from 'node:fs';
import { startPageProbe } from './page-probe.ts';
import { firstGifPaintedMs, median } from './painted-clock.ts';

/** Clock ticks a second in /proc's counters (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** CPU (user + system, ms) of every Chromium process and of this one, by pid. */
function cpuByPid(): Map<number, { kind: string; ms: number }> {
  const out = new Map<number, { kind: string; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      // Chromium's children rewrite their title, so arguments may be joined by spaces, not NULs.
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const own = pid === process.pid;
      if (!own && !/^\S*chrom/.test(cmdline)) continue;
      const flag = (name: string) => new RegExp(`--${name}=(\\S+)`).exec(cmdline)?.[1];
      const kind = own
        ? 'node (Jiffy and the bench)'
        : [flag('type') ?? 'browser', flag('utility-sub-type')].filter(Boolean).join(' ');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, { kind, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
    } catch {
      // The process ended while it was being read.
    }
  }
  return out;
}

const { loads, path, device, origin, browser, bareUrl, close } = await startPageProbe(
  'web-cpu-by-process',
  15,
);
const pages = { [path]: origin + path, 'bare <img> page': bareUrl };
const samples = new Map<string, Map<string, number[]>>();
for (let i = 0; i < loads; i++)
  for (const [name, url] of Object.entries(pages)) {
    const context = await browser.newContext(device);
    const tab = await context.newPage();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the new tab's own start settles
    const before = cpuByPid();
    await tab.goto(url, { waitUntil: 'commit' });
    const painted = await firstGifPaintedMs(tab);
    const after = cpuByPid();
    await context.close();
    const byKind = new Map<string, number>([['painted (wall clock)', painted]]);
    let total = 0;
    for (const [pid, { kind, ms }] of after) {
      const spent = ms - (before.get(pid)?.ms ?? 0);
      byKind.set(kind, (byKind.get(kind) ?? 0) + spent);
      total += spent;
    }
    byKind.set('all processes', total);
    const row = samples.get(name) ?? new Map<string, number[]>();
    for (const [kind, ms] of byKind) row.set(kind, [...(row.get(kind) ?? []), ms]);
    samples.set(name, row);
  }
await close();

const kinds = [...new Set([...samples.values()].flatMap((row) => [...row.keys()]))];
console.log(
  `CPU ms from navigation to the first GIF's paint, median of ${loads}, ${process.env.TRACE_DEVICE ?? 'desktop'} (${TICK_MS} ms ticks):`,
);
console.log(
  `| process | ${[...samples.keys()].join(' | ')} |\n|---|${'---:|'.repeat(samples.size)}`,
);
for (const kind of kinds)
  console.log(
    `| ${kind} | ${[...samples.values()].map((row) => median(row.get(kind) ?? [0])).join(' | ')} |`,
  );
