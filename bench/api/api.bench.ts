// bench/api: load on gifs/search and gifs/trending over a 100,000-row corpus on PostgreSQL,
// next to a bare Fastify route in the same run. Prints requests/s and latency percentiles.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startCpuClock } from './cpu-time.ts';
import { corpusWords } from './make-corpus.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const server = spawn(
  process.execPath,
  [path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-server.ts')],
  {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: process.env.BENCH_SCHEMA ?? 'bench_api',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [line] = (await once(server.stdout, 'data')) as [Buffer];
const { jiffy, bare, apiKey, bytes } = JSON.parse(line.toString()) as {
  jiffy: string;
  bare: string;
  apiKey: string;
  bytes: number;
};

// Repeated searches: 54 words and 54 word pairs at four offsets, as popular queries repeat.
let query = 0;
const searchPath = () => {
  const a = corpusWords[query % corpusWords.length];
  const b = corpusWords[(query * 7 + 3) % corpusWords.length];
  query++;
  return `/v1/gifs/search?api_key=${apiKey}&q=${query % 3 === 0 ? `${a}%20${b}` : a}&offset=${(query % 4) * 25}`;
};

// Searches never asked before in the run, so no answer is cached: every word pair at four
// offsets, alternating with every word at every offset down to 4975.
let cold = 0;
const coldSearchPath = () => {
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
  name: string,
  url: string,
  requests?: () => string,
  clients = connections,
): Promise<Figures> {
  const cpu = startCpuClock(server.pid!);
  const result = await autocannon({
    url,
    connections: clients,
    duration: seconds,
    ...(requests
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: requests() }) }] }
      : {}),
  });
  const spent = cpu();
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

// Warm the caches and the planner, then measure every endpoint once per round, in turn, so a
// slow moment of the machine hits all of them alike; each figure is the median over rounds.
await load('warm-up', `${jiffy}/v1/gifs/trending?api_key=${apiKey}`);
// New searches also with one connection: the latency of one search on its own, where the
// default load queues ten on two cores shared with the load generator.
const endpoints: [string, string, (() => string)?, number?][] = [
  ['bare Fastify route', `${bare}/bare`],
  ['gifs/search, repeated queries', jiffy, searchPath],
  ['gifs/search, every query new', jiffy, coldSearchPath],
  ['  the same, 1 connection', jiffy, coldSearchPath, 1],
  ['gifs/trending', `${jiffy}/v1/gifs/trending?api_key=${apiKey}`],
];
const rounds: Figures[][] = [];
for (let round = 0; round < roundCount; round++) {
  const figures: Figures[] = [];
  for (const [name, url, requests, clients] of endpoints)
    figures.push(await load(name, url, requests, clients));
  rounds.push(figures);
}
server.kill('SIGTERM');

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const results = endpoints.map(([name], i) => {
  const runs = rounds.map((figures) => figures[i]!);
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
const base = results[0]!;
console.log(
  `\n${connections} connections, ${roundCount} rounds of ${seconds} s each (medians), 100,000 GIF rows on PostgreSQL, ${bytes}-byte page of 25\n`,
);
console.log(
  'endpoint                         |   req/s | p50 ms | p99 ms | errors | vs bare | CPU ms/req: server | PostgreSQL',
);
for (const r of results) {
  console.log(
    `${r.name.padEnd(32)} | ${r.rps.toFixed(0).padStart(7)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.errors).padStart(6)} | ${(r.rps / base.rps).toFixed(2).padStart(6)}x | ${r.serverCpu.toFixed(2).padStart(18)} | ${r.postgresCpu.toFixed(2).padStart(10)}`,
  );
}
console.log('\nGoals: search p99 < 25 ms; trending ≥ 0.50x the bare route.');
console.log('Search and trending answers are kept 30 s (their Cache-Control max-age).');
console.log(
  'CPU ms/req: CPU time the server process and PostgreSQL spent per request (from /proc), which the machine’s other load distorts less than latency.',
);
