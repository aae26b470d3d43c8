// bench/deep-pages: cold pages at offsets 0, 1,000, 2,500 and 4,975 of a ranked search and of
// channel feeds (a sub-channel in manual order, a root channel newest first) on PostgreSQL, for
// the code before the deep-pages change (a temporary worktree, on its own copy of the corpus)
// and this code, measured in turn in one run. Prints p50/p99 latency, CPU per request, and the
// ratios of deep pages to first pages and of after to before.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCpuClock } from '../api/cpu-time.ts';
import { corpusWords } from '../api/make-corpus.ts';
import { checkOutBaseline, commitBefore } from './baseline-worktree.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const perBlock = Number(process.env.BENCH_REQUESTS ?? 100);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
const baseSchema = process.env.BENCH_SCHEMA ?? 'bench_deep_pages';
// 'none' measures this code alone.
const baselineRef =
  process.env.BENCH_BASELINE ??
  commitBefore(repo, 'apps/server/src/platform/db/migrations/0042_deep_feed_pages.ts');
const OFFSETS = [0, 1000, 2500, 4975];

interface Server {
  name: string;
  process: ChildProcess;
  jiffy: string;
  apiKey: string;
  channelId: number;
  rootId: number;
  applicationName: string;
}

async function startServer(name: string, dir: string, schema: string): Promise<Server> {
  const applicationName = `jiffy_bench_deep_${name}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  const child = spawn(process.execPath, [path.join(dir, 'bench/deep-pages/bench-server.ts')], {
    env: {
      ...process.env,
      BENCH_ROWS: String(rows),
      DATABASE_URL: url.toString(),
      DATABASE_SCHEMA: schema,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const started = JSON.parse(line.toString()) as {
    jiffy: string;
    apiKey: string;
    channelId: number;
  };
  const root = await fetch(`${started.jiffy}/api/v4/channels/?slug=benchcreator`).then(
    (r) => r.json() as Promise<{ data: { id: number } }>,
  );
  return { ...started, name, process: child, rootId: root.data.id, applicationName };
}

// Two-word searches whose words no GIF has together, so the search takes either word, and
// that match enough GIFs for a page at 4,975. GIF i of the corpus has the words at 7i, 13i and
// 29i (mod the word count), a fifth of them stickers: so the pairs that meet, and how many GIFs
// a word has, follow from i's residue. Stop words ('no') are left out of a query with others.
const words = corpusWords.length;
const wordsOf = (i: number) => [(i * 7) % words, (i * 13) % words, (i * 29) % words];
const gifsPerResidue = (rows * 4) / 5 / words;
const apart: string[] = [];
for (let a = 0; a < words; a++)
  for (let b = 0; b < words; b++) {
    if (a === b || corpusWords[a] === 'no' || corpusWords[b] === 'no') continue;
    const residues = Array.from({ length: words }, (_, i) => wordsOf(i));
    if (residues.some((w) => w.includes(a) && w.includes(b))) continue;
    const matching = residues.filter((w) => w.includes(a) || w.includes(b)).length;
    if (matching * gifsPerResidue > 5_200) apart.push(`${corpusWords[a]}%20${corpusWords[b]}`);
  }

// Each request a question not asked before in the run (per server), so no kept answer or page
// end serves it: every search a new word pair; feed pages are not kept by the server.
type Kind = 'search' | 'channel feed (manual)' | 'root channel feed (newest)';
const KINDS: Kind[] = ['search', 'channel feed (manual)', 'root channel feed (newest)'];
const asked = new Map<string, number>();
function pathOf(server: Server, kind: Kind, offset: number): string {
  if (kind === 'channel feed (manual)')
    return `/api/v4/channels/${server.channelId}/feed/?limit=25&offset=${offset}`;
  if (kind === 'root channel feed (newest)')
    return `/api/v4/channels/${server.rootId}/feed/?limit=25&offset=${offset}`;
  const key = `${server.name} ${offset}`;
  const n = asked.get(key) ?? 0;
  asked.set(key, n + 1);
  if (n >= apart.length) throw new Error('more searches than word pairs: lower BENCH_REQUESTS');
  return `/v1/gifs/search?api_key=${server.apiKey}&q=${apart[n]}&rating=r&limit=25&offset=${offset}`;
}

const monitor = new pg.Client({ connectionString: databaseUrl });
const backendsOf = async (server: Server) =>
  new Set(
    (
      await monitor.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
        [server.applicationName],
      )
    ).rows.map((row) => row.pid),
  );

interface Block {
  latencies: number[];
  cpuMs: number;
  requests: number;
  counted: number;
}

/** `perBlock` requests one after another; latency of each, CPU of the server and its backends. */
async function measure(server: Server, kind: Kind, offset: number, block: Block): Promise<void> {
  const before = await backendsOf(server);
  const cpu = startCpuClock(server.process.pid!);
  for (let i = 0; i < perBlock; i++) {
    const start = performance.now();
    const asking = pathOf(server, kind, offset);
    const response = await fetch(`${server.jiffy}${asking}`);
    const body = (await response.json()) as { data: unknown[] };
    block.latencies.push(performance.now() - start);
    if (response.status !== 200 || body.data.length !== 25)
      throw new Error(`${server.name} ${asking}: ${response.status}, not a full page`);
  }
  const spent = cpu(new Set([...before, ...(await backendsOf(server))]));
  block.cpuMs += spent.server + spent.postgres;
  block.requests += perBlock;
}

await monitor.connect();
const baseline =
  baselineRef === 'none'
    ? undefined
    : checkOutBaseline(repo, baselineRef, [
        'bench/deep-pages/bench-server.ts',
        'bench/api/make-corpus.ts',
        'bench/channels/make-channel.ts',
      ]);
const servers: Server[] = [];
try {
  if (baseline) servers.push(await startServer('before', baseline.dir, `${baseSchema}_before`));
  servers.push(await startServer('after', repo, baseSchema));
  const blocks = new Map<string, Block>();
  const blockOf = (server: Server, kind: Kind, offset: number) => {
    const key = `${server.name}|${kind}|${offset}`;
    if (!blocks.has(key)) blocks.set(key, { latencies: [], cpuMs: 0, requests: 0, counted: 0 });
    return blocks.get(key)!;
  };
  // Warm-up (untimed): the planner and prepared statements of each shape, on other offsets.
  for (const server of servers)
    for (const kind of KINDS)
      for (const offset of [25, 1525, 4950])
        await fetch(`${server.jiffy}${pathOf(server, kind, offset)}`);
  // Every block of every server once per round, in turn, so a slow moment hits all alike.
  for (let round = 0; round < roundCount; round++)
    for (const kind of KINDS)
      for (const offset of OFFSETS)
        for (const server of servers)
          await measure(server, kind, offset, blockOf(server, kind, offset));

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((x, y) => x - y);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  };
  const figures = (server: Server, kind: Kind, offset: number) => {
    const block = blockOf(server, kind, offset);
    return {
      p50: percentile(block.latencies, 50),
      p99: percentile(block.latencies, 99),
      cpu: block.cpuMs / block.requests,
    };
  };
  console.log(
    `\n${rows.toLocaleString('en')} GIFs on PostgreSQL, a channel of 6,000 GIFs; ${roundCount} rounds of ${perBlock} cold requests per page, one at a time (${roundCount * perBlock} per figure)`,
  );
  console.log(
    baseline ? `before: ${baselineRef} (a temporary worktree); after: this checkout\n` : '',
  );
  const cols = servers.map((s) => `${s.name} p50 / p99 ms | CPU ms/req`).join(' | ');
  console.log(
    `${'page'.padEnd(36)} | ${cols} | p99 vs first page | ${baseline ? 'p99 after/before' : ''}`,
  );
  for (const kind of KINDS) {
    for (const offset of OFFSETS) {
      const cells = servers.map((server) => {
        const f = figures(server, kind, offset);
        return `${f.p50.toFixed(1).padStart(6)} / ${f.p99.toFixed(1).padStart(6)} | ${f.cpu.toFixed(2).padStart(10)}`;
      });
      const ratios = servers.map(
        (server) =>
          `${(figures(server, kind, offset).p99 / figures(server, kind, 0).p99).toFixed(2)}x`,
      );
      const change = baseline
        ? `${(figures(servers[1]!, kind, offset).p99 / figures(servers[0]!, kind, offset).p99).toFixed(2)}x`
        : '';
      console.log(
        `${`${kind} at ${offset}`.padEnd(36)} | ${cells.join(' | ')} | ${ratios.join(' / ').padStart(17)} | ${change}`,
      );
    }
  }
  console.log(
    '\nCPU ms/req: the server process and its PostgreSQL connections, from /proc (10 ms ticks, so small blocks round).',
  );
  console.log('Goal: a page at any offset to 4,975 within the first page’s p99.');
} finally {
  for (const server of servers) server.process.kill('SIGTERM');
  await Promise.all(servers.map((server) => once(server.process, 'exit')));
  await monitor.end();
  baseline?.remove();
}
