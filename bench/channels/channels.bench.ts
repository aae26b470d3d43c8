// bench/channels: load on a 10,000-GIF channel's feed (pages by offset and by cursor) on
// PostgreSQL, next to a bare Fastify route and the public API's trending page in the same run;
// and a magic tag matching 10,000 GIFs, timed to DONE beside one bare INSERT of the same rows.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startCpuClock } from '../api/cpu-time.ts';

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
      DATABASE_SCHEMA: process.env.BENCH_SCHEMA ?? 'bench_channels',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [line] = (await once(server.stdout, 'data')) as [Buffer];
const setup = JSON.parse(line.toString()) as {
  jiffy: string;
  bare: string;
  apiKey: string;
  bytes: number;
  channelId: number;
  gifCount: number;
  cursorPaths: string[];
  syncs: { magic: number; bare: number }[];
};
const { jiffy, bare, apiKey, channelId, cursorPaths } = setup;

// Every page of the feed in turn, by offset and by cursor: deep pages as often as the first.
const cycle = (paths: string[]) => {
  let i = 0;
  return () => paths[i++ % paths.length]!;
};
const offsetPaths = Array.from(
  { length: Math.ceil(setup.gifCount / 25) },
  (_, i) => `/api/v4/channels/${channelId}/feed/?limit=25&offset=${i * 25}`,
);

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  serverCpu: number;
  postgresCpu: number;
}

async function load(name: string, url: string, requests?: () => string): Promise<Figures> {
  const cpu = startCpuClock(server.pid!);
  const result = await autocannon({
    url,
    connections,
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

await load('warm-up', jiffy, cycle(cursorPaths));
const endpoints: [string, string, (() => string)?][] = [
  ['bare Fastify route', `${bare}/bare`],
  ['gifs/trending (public API)', `${jiffy}/v1/gifs/trending?api_key=${apiKey}`],
  ['channel feed, by offset', jiffy, cycle(offsetPaths)],
  ['channel feed, by cursor', jiffy, cycle(cursorPaths)],
];
const rounds: Figures[][] = [];
for (let round = 0; round < roundCount; round++) {
  const figures: Figures[] = [];
  for (const [name, url, requests] of endpoints) figures.push(await load(name, url, requests));
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
  `\n${connections} connections, ${roundCount} rounds of ${seconds} s each (medians), a channel of ${setup.gifCount} GIFs on PostgreSQL (${cursorPaths.length} pages of 25, ${setup.bytes}-byte first page)\n`,
);
console.log(
  'endpoint                         |   req/s | p50 ms | p99 ms | errors | vs bare | CPU ms/req: server | PostgreSQL',
);
for (const r of results) {
  console.log(
    `${r.name.padEnd(32)} | ${r.rps.toFixed(0).padStart(7)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.errors).padStart(6)} | ${(r.rps / base.rps).toFixed(2).padStart(6)}x | ${r.serverCpu.toFixed(2).padStart(18)} | ${r.postgresCpu.toFixed(2).padStart(10)}`,
  );
}
const syncMagic = median(setup.syncs.map((s) => s.magic));
const syncBare = median(setup.syncs.map((s) => s.bare));
console.log(
  `\nMagic tag matching ${setup.gifCount} GIFs, POST to DONE (median of ${setup.syncs.length}): ${syncMagic.toFixed(0)} ms; one bare INSERT … SELECT of the same rows: ${syncBare.toFixed(0)} ms (${(syncMagic / syncBare).toFixed(1)}x)`,
);
console.log('Goals: feed p99 < 25 ms at 10 connections; magic tag sync < 10 s.');
