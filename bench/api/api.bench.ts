// bench/api: load on gifs/search and gifs/trending over a 100,000-row corpus on PostgreSQL (or
// several sizes, BENCH_ROWS=100000,1000000), next to a bare Fastify route in the same run.
// Prints requests/s, latency percentiles and CPU per request.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCpuClock } from './cpu-time.ts';
import { corpusWords } from './make-corpus.ts';
import { enablePrewarm, warmPageCache } from './page-cache.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// One corpus size or several (`BENCH_ROWS=100000,1000000`): each in its own schema and server,
// loaded in turn within every round so both see the same moments of the machine.
const sizes = (process.env.BENCH_ROWS ?? '100000').split(',').map(Number);
const baseSchema = process.env.BENCH_SCHEMA ?? 'bench_api';

interface BenchServer {
  rows: number;
  process: ChildProcess;
  jiffy: string;
  bare: string;
  apiKey: string;
  bytes: number;
  /** Names this server's PostgreSQL connections, to count their CPU and no one else's. */
  applicationName: string;
  schema: string;
}

async function startBenchServer(rows: number): Promise<BenchServer> {
  const applicationName = `jiffy_bench_api_${rows}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  // 100,000 rows keep the schema earlier runs made; other sizes get their own.
  const schema = rows === 100_000 ? baseSchema : `${baseSchema}_${rows}`;
  const child = spawn(
    process.execPath,
    [path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-server.ts')],
    {
      env: {
        ...process.env,
        BENCH_ROWS: String(rows),
        DATABASE_URL: url.toString(),
        DATABASE_SCHEMA: schema,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const started = JSON.parse(line.toString()) as Omit<
    BenchServer,
    'rows' | 'process' | 'applicationName' | 'schema'
  >;
  return { ...started, rows, process: child, applicationName, schema };
}

const servers: BenchServer[] = [];
for (const rows of sizes) servers.push(await startBenchServer(rows));
const monitor = new pg.Client({ connectionString: databaseUrl });
await monitor.connect();
const prewarm = await enablePrewarm(monitor);
const backendsOf = async (server: BenchServer) =>
  (
    await monitor.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [server.applicationName],
    )
  ).rows.map((row) => row.pid);

// Repeated searches: 54 words and 54 word pairs at four offsets, as popular queries repeat.
let query = 0;
const searchPath = (apiKey: string) => () => {
  const a = corpusWords[query % corpusWords.length];
  const b = corpusWords[(query * 7 + 3) % corpusWords.length];
  query++;
  return `/v1/gifs/search?api_key=${apiKey}&q=${query % 3 === 0 ? `${a}%20${b}` : a}&offset=${(query % 4) * 25}`;
};

// Searches never asked before in the run, so no answer is cached: every word pair at four
// offsets, alternating with every word at every offset down to 4975.
let cold = 0;
const coldSearchPath = (apiKey: string) => () => {
  const n = cold++;
  const i = Math.floor(n / 2);
  const words = corpusWords.length;
  if (n % 2 === 0) {
    const pair = `${corpusWords[i % words]}%20${corpusWords[Math.floor(i / words) % words]}`;
    return `/v1/gifs/search?api_key=${apiKey}&q=${pair}&offset=${(Math.floor(i / words ** 2) % 4) * 25}`;
  }
  return `/v1/gifs/search?api_key=${apiKey}&q=${corpusWords[i % words]}&offset=${(Math.floor(i / words) % 200) * 25}`;
};

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms per request: the server process (Jiffy, or the bare route) and PostgreSQL. */
  serverCpu: number;
  postgresCpu: number;
}

async function load(
  server: BenchServer,
  name: string,
  url: string,
  requests?: () => string,
  clients = connections,
): Promise<Figures> {
  const before = await backendsOf(server);
  const cpu = startCpuClock(server.process.pid!);
  const result = await autocannon({
    url,
    connections: clients,
    duration: seconds,
    ...(requests
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: requests() }) }] }
      : {}),
  });
  const spent = cpu(new Set([...before, ...(await backendsOf(server))]));
  const count = Math.max(1, result.requests.total);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverCpu: spent.server / count,
    postgresCpu: spent.postgres / count,
  };
}

// New searches also with one connection: the latency of one search on its own, where the
// default load queues ten on two cores shared with the load generator.
const endpointsOf = (server: BenchServer): [string, string, (() => string)?, number?][] => [
  ['bare Fastify route', `${server.bare}/bare`],
  ['gifs/search, repeated queries', server.jiffy, searchPath(server.apiKey)],
  ['gifs/search, every query new', server.jiffy, coldSearchPath(server.apiKey)],
  ['  the same, 1 connection', server.jiffy, coldSearchPath(server.apiKey), 1],
  ['gifs/trending', `${server.jiffy}/v1/gifs/trending?api_key=${server.apiKey}`],
];
const COLD = 2; // index of 'every query new' in endpointsOf

// Warm the caches and the planner, then measure every endpoint of every corpus once per round,
// in turn, so a slow moment of the machine hits all of them alike; each figure is the median
// over rounds.
for (const server of servers)
  await load(server, 'warm-up', `${server.jiffy}/v1/gifs/trending?api_key=${server.apiKey}`);
const rounds = servers.map((): Figures[][] => []);
const warming = servers.map((): number[] => []);
for (let round = 0; round < roundCount; round++) {
  for (const [s, server] of servers.entries()) {
    if (prewarm) warming[s]!.push(await warmPageCache(monitor, server.schema));
    const figures: Figures[] = [];
    for (const [name, url, requests, clients] of endpointsOf(server))
      figures.push(await load(server, name, url, requests, clients));
    rounds[s]!.push(figures);
  }
}
for (const server of servers) server.process.kill('SIGTERM');
await monitor.end();

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const summarise = (serverRounds: Figures[][]) =>
  serverRounds[0]!.map(({ name }, i) => {
    const runs = serverRounds.map((figures) => figures[i]!);
    return {
      name,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      serverCpu: median(runs.map((r) => r.serverCpu)),
      postgresCpu: median(runs.map((r) => r.postgresCpu)),
    };
  });
const tables = rounds.map(summarise);
for (const [s, results] of tables.entries()) {
  const base = results[0]!;
  console.log(
    `\n${connections} connections, ${roundCount} rounds of ${seconds} s each (medians), ${servers[s]!.rows.toLocaleString('en')} GIF rows on PostgreSQL, ${servers[s]!.bytes}-byte page of 25\n`,
  );
  console.log(
    'endpoint                         |   req/s | p50 ms | p99 ms | errors | vs bare | CPU ms/req: server | PostgreSQL',
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(32)} | ${r.rps.toFixed(0).padStart(7)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.errors).padStart(6)} | ${(r.rps / base.rps).toFixed(2).padStart(6)}x | ${r.serverCpu.toFixed(2).padStart(18)} | ${r.postgresCpu.toFixed(2).padStart(10)}`,
    );
  }
}
if (tables.length > 1) {
  const cpuOf = (results: (typeof tables)[number]) =>
    results[COLD]!.serverCpu + results[COLD]!.postgresCpu;
  const first = tables[0]!;
  console.log('\nNew searches as the corpus grows (CPU per search: server + PostgreSQL):');
  for (const [s, results] of tables.entries()) {
    console.log(
      `  ${servers[s]!.rows.toLocaleString('en').padStart(10)} rows: p99 ${results[COLD]!.p99} ms, ${cpuOf(results).toFixed(2)} ms CPU (${(cpuOf(results) / cpuOf(first)).toFixed(2)}x the ${servers[0]!.rows.toLocaleString('en')}-row run)`,
    );
  }
  console.log('Goal (issue 25): p99 < 25 ms and CPU within 1.3x as the corpus grows to 1,000,000.');
}
if (prewarm) {
  const seconds = warming.map(
    (list, s) =>
      `${servers[s]!.rows.toLocaleString('en')} rows ${list.map((t) => t.toFixed(1)).join(', ')} s`,
  );
  console.log(`\nPage cache warmed (untimed) before each corpus's turn: ${seconds.join('; ')}.`);
}
console.log('\nGoals: search p99 < 25 ms; trending ≥ 0.50x the bare route.');
console.log('Search and trending answers are kept 30 s (their Cache-Control max-age).');
console.log(
  'CPU ms/req: CPU time the server process and its PostgreSQL connections spent per request (from /proc), which the machine’s other load distorts less than latency.',
);
