// bench/web: what a media answer costs the server, and how long the first image of the home
// page waits when the page's first screen asks for its images at once. Two Jiffies in this
// process, one keeping servable renditions in memory (the default) and one asking the database
// for every answer (MEDIA_CACHE_GIFS=0, the baseline), measured interleaved.
//
//   node bench/web/media-answers.bench.ts      # BENCH_RUNS=40 bursts per server
import http from 'node:http';
import { startBenchJiffy, uploadReadyGifs } from '../support/bench-jiffy.ts';
import { median } from './painted-clock.ts';

const runs = Number(process.env.BENCH_RUNS ?? 40);
const GIFS = 24;
const SEQUENTIAL = 400;

async function start(name: string, cacheGifs: string) {
  process.env.MEDIA_CACHE_GIFS = cacheGifs;
  const started = await startBenchJiffy(name);
  await uploadReadyGifs(
    started.jiffy,
    Array.from({ length: GIFS }, (_, i) => ({ width: 240 + (i % 4) * 40, height: 180, frames: 6 })),
  );
  // The files the home page's markup names in order (each tile's plain src), as a browser
  // without srcset support would ask for them: the first is the page's first image.
  const html = (await started.jiffy.app.inject({ url: '/' })).body;
  const files = [...html.matchAll(/<img[^>]* src="([^"]+\/media\/[^"]+)"/g)].map(
    (m) => new URL(m[1]!.replaceAll('&amp;', '&')).pathname,
  );
  return { ...started, files, name };
}
const servers = [await start('media-db', '0'), await start('media-kept', '10000')];

/** GET `path` over `agent`; resolves when the whole body has arrived, with the status. */
function get(origin: string, path: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(origin + path, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** All of the page's files asked for at once over six connections, as a browser does. */
async function burst(server: (typeof servers)[number]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const started = performance.now();
  let firstMs = 0;
  await Promise.all(
    server.files.map((file, i) =>
      get(server.origin, file, agent).then(() => {
        if (i === 0) firstMs = performance.now() - started;
      }),
    ),
  );
  const allMs = performance.now() - started;
  agent.destroy();
  return { firstMs, allMs };
}

/** Server CPU per media answer (the handler through inject: no sockets), in ms. */
async function cpuPerAnswer(server: (typeof servers)[number]) {
  const before = process.cpuUsage();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const res = await server.jiffy.app.inject({ url: server.files[i % server.files.length]! });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} for a media file`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / SEQUENTIAL;
}

const results = new Map(servers.map((s) => [s.name, { first: [], all: [], cpu: [] }] as const));
type Samples = { first: number[]; all: number[]; cpu: number[] };
for (let i = 0; i < runs; i++) {
  for (const server of i % 2 ? [...servers].reverse() : servers) {
    const row = results.get(server.name) as unknown as Samples;
    const { firstMs, allMs } = await burst(server);
    row.first.push(firstMs);
    row.all.push(allMs);
    if (i % 8 === 0) row.cpu.push(await cpuPerAnswer(server));
  }
}
for (const server of servers) await server.jiffy.close();

console.log(
  `\nThe home page's ${servers[0]!.files.length} tile files at once (6 connections), medians of ${runs}; CPU per answer over ${SEQUENTIAL} in a row:`,
);
console.log('| server | first file answered | all answered | CPU per media answer |');
console.log('|---|---:|---:|---:|');
const fmt = (n: number) => n.toFixed(1);
const base = results.get('media-db') as unknown as Samples;
for (const server of servers) {
  const row = results.get(server.name) as unknown as Samples;
  const label = server.name === 'media-db' ? 'query per answer (baseline)' : 'servable kept';
  const ratio = (a: number[], b: number[]) => `${(median(a) / median(b)).toFixed(2)}x`;
  console.log(
    `| ${label} | ${fmt(median(row.first))} ms (${ratio(row.first, base.first)}) | ${fmt(median(row.all))} ms (${ratio(row.all, base.all)}) | ${median(row.cpu).toFixed(2)} ms (${ratio(row.cpu, base.cpu)}) |`,
  );
}
