// bench/footprint: the resident memory of `npm start` on the embedded defaults, the whole process
// tree (node and its ffmpeg children) sampled from /proc through startup, the demo library's
// rendering and a quiet spell after it: the peak and the idle figure, each with a breakdown of
// what the memory is, read from the server's own memory report (MEMORY_REPORT_FILE).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../e2e/support/server-process.ts';
import {
  breakdownRows,
  markdownTable,
  readMemoryReport,
  snapshotNear,
} from './memory-breakdown.ts';
import { sampleTree, type TreeSample } from './process-tree-memory.ts';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const SAMPLE_MS = 250;
// Generous: on a shared 2-core machine the demo has taken up to 10 minutes to render.
const SETTLE_TIMEOUT_MS = 1_200_000;
/** Goals for a 1 GB machine. */
const IDLE_GOAL_MB = 300;
const PEAK_GOAL_MB = 700;
const MB = 1024 * 1024;
/** How long a restart is watched after it listens: PGlite compiles its hottest code then. */
const RESTART_WATCH_SECONDS = 15;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start`'s command from package.json, run with this Node (npm's own process left out). */
function startCommand(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [program, ...args] = manifest.scripts.start.split(/\s+/);
  if (program !== 'node') throw new Error(`the start script does not run node: ${program}`);
  return [process.execPath, ...args];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiffy-footprint-'));
const reportFile = path.join(dataDir, 'memory-report.jsonl');
const port = await freePort();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  MEMORY_REPORT_FILE: reportFile,
  LOG_LEVEL: 'info',
};
// The embedded defaults, whatever this shell has set.
delete env.DATABASE_URL;
delete env.JIFFY_API_KEY;
delete env.SEED_DEMO;

const [program, ...args] = startCommand();
const started = Date.now();
const samples: TreeSample[] = [];

/** `npm start`'s process on the bench's data folder, its output collected, sampled from now. */
function startServer() {
  const node = spawn(program!, args, { cwd: REPOSITORY, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const stream of [node.stdout, node.stderr])
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n')));
  const exited = new Promise<number | null>((resolve) => node.on('exit', resolve));
  const sampler = setInterval(() => samples.push(sampleTree(node.pid!)), SAMPLE_MS);
  /** Stops sampling, then the server (SIGTERM, SIGKILL after 15 s). */
  const stop = async () => {
    clearInterval(sampler);
    node.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (node.exitCode === null) node.kill('SIGKILL');
    await exited;
  };
  return { process: node, output: lines, stop };
}

let server = startServer();
/** When the server was told to stop: report lines after it describe a closing process. */
let stoppingAt = Infinity;
const phases: { name: string; at: number }[] = [];
const seconds = (at: number) => ((at - started) / 1000).toFixed(1);

async function until(what: string, check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (server.process.exitCode !== null)
      throw new Error(`server exited:\n${server.output.slice(-30).join('\n')}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
  phases.push({ name: what, at: Date.now() });
  console.error(`${seconds(Date.now())} s: ${what}`);
}

interface InstanceStats {
  gifs: { processing: number; ready: number; failed: number };
  renditions_pending: number;
}

let firstHwm = 0;
let restartHwm = 0;
try {
  const listeningNow = () => server.output.some((line) => line.includes('public API key:'));
  await until('listening', listeningNow);
  await until('demo queued', () =>
    server.output.some((line) => line.includes('demo library queued')),
  );
  await until('demo rendered', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/instance/stats`);
    const { data } = (await answer.json()) as { data: InstanceStats };
    return data.gifs.processing === 0 && data.renditions_pending === 0 && data.gifs.ready > 0;
  });
  await sleep(IDLE_SECONDS * 1000);
  phases.push({ name: `idle (${IDLE_SECONDS} s quiet)`, at: Date.now() });
  stoppingAt = Date.now();
  firstHwm = samples.at(-1)!.rootHwm;
  await server.stop();
  // A restart on the same folder: the database exists, the demo is not seeded again.
  phases.push({ name: 'restarting', at: Date.now() });
  server = startServer();
  await until('listening again', listeningNow);
  await sleep(RESTART_WATCH_SECONDS * 1000);
  restartHwm = samples.at(-1)!.rootHwm;
  phases.push({ name: `restart watched (${RESTART_WATCH_SECONDS} s)`, at: Date.now() });
} finally {
  stoppingAt = Math.min(stoppingAt, Date.now());
  await server.stop();
}

const restarting = phases.find((phase) => phase.name === 'restarting')!.at;
const firstRun = samples.filter((sample) => sample.at < restarting);
const report = readMemoryReport(reportFile).filter((snapshot) => snapshot.at < stoppingAt);
fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 500 });

// The peak by PSS: a child just forked from node shares all of node's pages until it runs
// ffmpeg, and summed RSS counts them twice (hundreds of MB for a moment).
const peak = firstRun.reduce((best, sample) => (sample.pss > best.pss ? sample : best));
const peakRss = Math.max(...firstRun.map((sample) => sample.rss));
// Idle: the last 5 s of the quiet spell, averaged sample by sample into one.
const idleSamples = firstRun.filter((sample) => sample.at >= firstRun.at(-1)!.at - 5000);
const idle: TreeSample = {
  ...idleSamples.at(-1)!,
  ...Object.fromEntries(
    (['rss', 'pss', 'rootRss', 'childrenRss'] as const).map((key) => [
      key,
      idleSamples.reduce((total, sample) => total + sample[key], 0) / idleSamples.length,
    ]),
  ),
};
const listening = phases.find((phase) => phase.name === 'listening')!.at;
const queued = phases.find((phase) => phase.name === 'demo queued')!.at;
const rendered = phases.find((phase) => phase.name === 'demo rendered')!.at;
/** The sample of highest PSS from `from` to `to`. */
const peakBetween = (from: number, to: number) =>
  firstRun
    .filter((sample) => sample.at >= from && sample.at <= to)
    .reduce((best, sample) => (sample.pss > best.pss ? sample : best));
// Startup (PGlite's initdb on a fresh folder, the migrations) and the demo (its seeding and
// rendering) apart: initdb happens once in an instance's life, the rendering on every upload.
const startupPeak = peakBetween(started, listening);
const demoPeak = peakBetween(listening, rendered);
const restartPeak = samples
  .filter((sample) => sample.at >= restarting)
  .reduce((best, sample) => (sample.pss > best.pss ? sample : best));
const columns = [startupPeak, demoPeak, idle].map((sample) =>
  breakdownRows(sample, snapshotNear(report, sample.at)),
);
console.log(
  `\nnpm start (embedded defaults${describeOverrides()}), ${os.availableParallelism()} cores`,
);
console.log(
  `demo rendered in ${((rendered - queued) / 1000).toFixed(1)} s after it was queued; ` +
    `startup peak at ${seconds(startupPeak.at)} s, demo peak at ${seconds(demoPeak.at)} s; ` +
    `idle after ${IDLE_SECONDS} s quiet\n`,
);
console.log(
  markdownTable(
    ['MB', 'startup peak', 'demo peak', 'idle'],
    columns[0]!.map(([label], row) => [label!, ...columns.map((rows) => rows[row]?.[1] ?? '')]),
  ),
);
const peakMb = peak.pss / MB;
const idleMb = idle.pss / MB;
console.log(
  `\npeak ${peakMb.toFixed(0)} MB PSS (goal < ${PEAK_GOAL_MB}: ${peakMb < PEAK_GOAL_MB ? 'met' : 'not met'}; ` +
    `summed RSS peaked at ${(peakRss / MB).toFixed(0)} MB), ` +
    `idle ${idleMb.toFixed(0)} MB PSS (goal < ${IDLE_GOAL_MB}: ${idleMb < IDLE_GOAL_MB ? 'met' : 'not met'})`,
);
console.log(
  `first start: startup peak ${(startupPeak.pss / MB).toFixed(0)} MB PSS; ` +
    `the node process's high-water mark (VmHWM, between samples too) ${(firstHwm / MB).toFixed(0)} MB`,
);
console.log(
  `restart (the database exists): peak ${(restartPeak.pss / MB).toFixed(0)} MB PSS within ` +
    `${RESTART_WATCH_SECONDS} s of listening, high-water mark ${(restartHwm / MB).toFixed(0)} MB`,
);
if (process.env.BENCH_CACHES) {
  const last = report.at(-1);
  for (const cache of last?.caches ?? [])
    console.log(`  ${cache.name}: ${cache.entries} entries, ${cache.bytes ?? '-'} bytes`);
}

/** The memory settings this shell passes on, so a run says what it measured. */
function describeOverrides(): string {
  const names = Object.keys(process.env).filter((name) =>
    /^(EMBEDDED_DB_|GIF_JSON_|MEDIA_CACHE|WORKER_CONCURRENCY|UV_THREADPOOL|NODE_OPTIONS|VIPS_|SHARP_|MALLOC_)/.test(
      name,
    ),
  );
  return names.map((name) => `, ${name}=${process.env[name]}`).join('');
}
