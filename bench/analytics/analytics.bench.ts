// bench/analytics: pingback ingestion through POST /v2/pingback beside bare INSERTs of the same
// rows, the roll-up job folding them (and the GIFs' counters) beside a bare grouping of them,
// and the creator dashboard over the roll-ups of about 10 million events beside bare
// routes, all on PostgreSQL in one run. Prints events/s, latency medians and p99, and ratios.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BATCH, countPingbacks, ingestBare, ingestThroughJiffy, makeBatches } from './ingest.ts';
import { rollUpPingbacks } from './rollup.ts';
import { scenario } from './seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const batchCount = Number(process.env.BENCH_BATCHES ?? 1_000);
const ingestConnections = Number(process.env.BENCH_INGEST_CONNECTIONS ?? 10);
const dashboardConnections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.BENCH_SCHEMA ?? 'bench_analytics';

const server = spawn(
  process.execPath,
  [path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-server.ts')],
  {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [line] = (await once(server.stdout, 'data')) as [Buffer];
const setup = JSON.parse(line.toString()) as {
  jiffy: string;
  session: string;
  smallSession: string;
  setupMs: number;
  rollupRows: number;
  events: number;
  starMonthRows: number;
  searchRows: number;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// (a) Ingestion. Jiffy and the bare INSERTs take turns, so a slow moment hits both alike.
const batches = makeBatches(50, scenario.gifs);
const ingest = { jiffy: [] as number[], bare: [] as number[] };
let sent = 0;
let failed = 0;
for (let round = 0; round < rounds; round++) {
  const jiffy = await ingestThroughJiffy(setup.jiffy, batches, batchCount, ingestConnections);
  failed += jiffy.failed;
  ingest.jiffy.push((batchCount * BATCH) / (jiffy.ms / 1000));
  const bare = await ingestBare(databaseUrl, schema, batches, batchCount, ingestConnections);
  ingest.bare.push((batchCount * BATCH) / (bare.ms / 1000));
  sent += 2 * batchCount * BATCH;
}
const stored = await countPingbacks(databaseUrl, schema);
// (b) The roll-up job over what was just ingested: the GIFs' counters now follow it.
const rollup = await rollUpPingbacks(databaseUrl, schema);

// (c) The dashboard, against the bare routes.
interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
async function load(path: string, cookie?: string): Promise<Figures> {
  const result = await autocannon({
    url: `${setup.jiffy}${path}`,
    connections: dashboardConnections,
    duration: seconds,
    ...(cookie ? { headers: { cookie: `jiffy_session=${cookie}` } } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
const dash = (query: string) => `/api/v1/analytics/dashboard/?${query}`;
const endpoints: [string, string, string?][] = [
  ['/healthz (component checks)', '/healthz'],
  ['/readyz (component checks)', '/readyz'],
  ['dashboard, star, month', dash('username=star&period=month'), setup.session],
  ['dashboard, star, week', dash('username=star&period=week'), setup.session],
  [
    'dashboard, star, one GIF, month',
    dash('username=star&period=month&gif_id=bench10'),
    setup.session,
  ],
  ['dashboard, c7, month', dash('username=c7&period=month'), setup.smallSession],
  [
    'searches, star, month',
    '/api/v1/analytics/dashboard-trending-searches/?username=star&period=month',
    setup.session,
  ],
];
await load(endpoints[2]![1], setup.session); // warm-up: caches and the planner
const runs: Figures[][] = endpoints.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [i, [, url, cookie]] of endpoints.entries()) runs[i]!.push(await load(url, cookie));
}
server.kill('SIGTERM');

const jiffyRate = median(ingest.jiffy);
const bareRate = median(ingest.bare);
console.log(
  `\nSetup: ${(setup.setupMs / 1000).toFixed(1)} s (0 when the schema is already filled)`,
);
console.log(
  `Roll-ups: ${setup.rollupRows.toLocaleString('en')} analytics_daily rows standing for ${setup.events.toLocaleString('en')} events ` +
    `(${scenario.gifs.toLocaleString('en')} GIFs, ${scenario.days} days, up to 4 sources); ` +
    `'star' (${scenario.starGifs} GIFs) reads ${setup.starMonthRows.toLocaleString('en')} rows for a month; ` +
    `${setup.searchRows.toLocaleString('en')} analytics_search_daily rows`,
);
console.log(
  `\n(a) Pingback ingestion, ${rounds} rounds of ${batchCount} batches of ${BATCH} events, ${ingestConnections} connections (medians)`,
);
console.log(`  POST /v2/pingback   ${jiffyRate.toFixed(0).padStart(8)} events/s`);
console.log(
  `  bare INSERT         ${bareRate.toFixed(0).padStart(8)} events/s   Jiffy is ${(jiffyRate / bareRate).toFixed(2)}x the bare insert`,
);
console.log(
  `  events sent ${sent.toLocaleString('en')}, rows stored ${stored.toLocaleString('en')}, lost ${sent - stored}, failed batches ${failed}`,
);
const rollupRate = rollup.events / (rollup.ms / 1000);
const stepMs = rollup.steps.map((ms) => Math.round(ms));
console.log(
  `\n(b) Roll-up of those ${rollup.events.toLocaleString('en')} events (${rollup.gifs.toLocaleString('en')} GIFs), steps of ${rollup.step.toLocaleString('en')}, then the GIFs' counters`,
);
console.log(
  `  analytics.rollup    ${rollupRate.toFixed(0).padStart(8)} events/s   roll-up steps ${(rollup.foldMs / 1000).toFixed(1)} s (median ${median(stepMs)} ms, max ${Math.max(...stepMs)} ms), counters ${(rollup.countersMs / 1000).toFixed(1)} s`,
);
console.log(
  `  bare GROUP BY       ${(rollup.events / (rollup.bareMs / 1000)).toFixed(0).padStart(8)} events/s   the job is ${(rollup.bareMs / rollup.ms).toFixed(2)}x the bare grouping`,
);
console.log(
  `  ingestion then roll-up on the same cores: ${(1 / (1 / jiffyRate + 1 / rollupRate)).toFixed(0)} events/s sustained`,
);
console.log(
  `\n(c) Dashboard, ${dashboardConnections} connections, ${rounds} rounds of ${seconds} s (medians of rounds)`,
);
console.log(
  'endpoint                          |   req/s | p50 ms | p99 ms | errors | p99 vs /readyz',
);
const base = median(runs[1]!.map((r) => r.p99));
for (const [i, [name]] of endpoints.entries()) {
  const r = runs[i]!;
  const p99 = median(r.map((x) => x.p99));
  console.log(
    `${name.padEnd(33)} | ${median(r.map((x) => x.rps))
      .toFixed(0)
      .padStart(
        7,
      )} | ${String(median(r.map((x) => x.p50))).padStart(6)} | ${String(p99).padStart(6)} | ${String(r.reduce((s, x) => s + x.errors, 0)).padStart(6)} | ${(p99 / Math.max(base, 1)).toFixed(1).padStart(6)}x`,
  );
}
console.log('\nGoals: ≥ 20,000 events/s with none lost; dashboard p99 < 50 ms.');
