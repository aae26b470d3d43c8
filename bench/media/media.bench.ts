// Media benchmark: `npm exec -- node bench/media/media.bench.ts [--runs N]`. Not a test.
// For each input it times one plain `ffmpeg -i in.gif out.mp4` (the baseline, measured in the
// same run), the essential phase, and the full set (essential then rest in the same outDir),
// and prints medians, ratios to the baseline, memory and output bytes.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  defaultMediaLimits,
  probe,
  renderRenditions,
  resolveFfmpeg,
  type RenditionFile,
} from '@jiffy/media';
import { NsfwClassifier } from '../../apps/server/src/modules/content-safety/nsfw-classifier.ts';
import { scoreRenditions } from '../../apps/server/src/modules/content-safety/score-renditions.ts';
import { run } from './run.ts';
import { makeBenchInputs, type BenchInput } from './bench-inputs.ts';
import { withChildPeak } from './child-memory.ts';
import { cpuNow } from './cpu.ts';

const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 3;
const inputFlag = process.argv.indexOf('--input');
// `--input small` or `--input large`: one input only (half the run, for before/after pairs).
const only = inputFlag > 0 ? process.argv[inputFlag + 1] : undefined;
const goals = { essential: 1.5, full: 4, classification: 0.25 };
// The server's defaults: one worker thread, 1 frame sampled per upload (NSFW_SAMPLE_FRAMES).
const classifier = new NsfwClassifier();
const SAMPLE_FRAMES = 1;

interface Row {
  input: BenchInput;
  baselineMs: number;
  essentialMs: number;
  /** CPU ms (Node with sharp's threads, plus ffmpeg children): steadier than wall under load. */
  baselineCpu: number;
  essentialCpu: number;
  fullCpu: number;
  /** Sampling frames and scoring them (the model already loaded), as the essential job does. */
  classificationMs: number;
  fullMs: number;
  restFreshMs: number;
  nodePeakMb: number;
  ffmpegPeakMb: number;
  sourceBytes: number;
  renditionBytes: number;
  files: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

async function benchOne(input: BenchInput, dir: string): Promise<Row> {
  const ff = await resolveFfmpeg();
  const probed = await probe(input.path, defaultMediaLimits);
  const baseline: number[] = [];
  const essential: number[] = [];
  const classification: number[] = [];
  const full: number[] = [];
  const restFresh: number[] = [];
  const baselineCpu: number[] = [];
  const essentialCpu: number[] = [];
  const fullCpu: number[] = [];
  let files: RenditionFile[] = [];
  const common = { source: input.path, probe: probed, sticker: false, limits: defaultMediaLimits };
  for (let i = 0; i < runs; i++) {
    const cpuBefore = await cpuNow();
    baseline.push(
      await timed(() =>
        run(ff.ffmpegPath, [
          '-nostdin',
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-i',
          input.path,
          path.join(dir, 'baseline.mp4'),
        ]),
      ),
    );
    const cpuBase = await cpuNow();
    baselineCpu.push(cpuBase.self + cpuBase.children - cpuBefore.self - cpuBefore.children);
    const outDir = path.join(dir, `out-${i}`);
    const cpu0 = await cpuNow();
    const started = performance.now();
    const ready = await renderRenditions({ ...common, outDir, phase: 'essential' });
    essential.push(performance.now() - started);
    const cpu1 = await cpuNow();
    classification.push(
      await timed(() => scoreRenditions(ready, { classifier, count: SAMPLE_FRAMES })),
    );
    const cpu2 = await cpuNow();
    const rest = await renderRenditions({ ...common, outDir, phase: 'rest' });
    const cpu3 = await cpuNow();
    const used = (a: typeof cpu0, b: typeof cpu0): number =>
      b.self + b.children - a.self - a.children;
    essentialCpu.push(used(cpu0, cpu1));
    // The classifier's CPU is left out, as its time is left out of the full set's.
    fullCpu.push(used(cpu0, cpu1) + used(cpu2, cpu3));
    full.push(performance.now() - started - (classification.at(-1) ?? 0));
    files = [...ready, ...rest];
    // The server runs the rest phase in a fresh directory, remaking what it reuses.
    const freshDir = path.join(dir, `fresh-${i}`);
    restFresh.push(
      await timed(() => renderRenditions({ ...common, outDir: freshDir, phase: 'rest' })),
    );
    await rm(freshDir, { recursive: true, force: true });
    if (i < runs - 1) await rm(outDir, { recursive: true, force: true });
  }
  // ffmpeg's peak memory comes from one more render, untimed: sampling /proc every 20 ms
  // costs CPU on the cores the timed renders run on (≈ 60 ms of the essential phase's CPU).
  const memoryDir = path.join(dir, 'memory');
  const { peakKb: ffmpegPeakKb } = await withChildPeak(async () => {
    await renderRenditions({ ...common, outDir: memoryDir, phase: 'essential' });
    await renderRenditions({ ...common, outDir: memoryDir, phase: 'rest' });
  });
  await rm(memoryDir, { recursive: true, force: true });
  const sizes = new Map(files.map((f) => [f.path, f.bytes]));
  return {
    input,
    baselineMs: median(baseline),
    essentialMs: median(essential),
    baselineCpu: median(baselineCpu),
    essentialCpu: median(essentialCpu),
    fullCpu: median(fullCpu),
    classificationMs: median(classification),
    fullMs: median(full),
    restFreshMs: median(restFresh),
    nodePeakMb: process.resourceUsage().maxRSS / 1024,
    ffmpegPeakMb: ffmpegPeakKb / 1024,
    sourceBytes: (await stat(input.path)).size,
    renditionBytes: [...sizes.values()].reduce((a, b) => a + b, 0),
    files: files.length,
  };
}

function printTable(rows: Row[]): void {
  const ms = (v: number): string => `${Math.round(v)} ms`;
  const ratio = (v: number, goal: number): string =>
    `${v.toFixed(2)}x ${v <= goal ? 'ok' : 'OVER'}`;
  const mb = (v: number): string => `${v.toFixed(1)} MB`;
  const table = rows.map((r) => ({
    input: r.input.label,
    'ffmpeg -i in.gif out.mp4': ms(r.baselineMs),
    essential: ms(r.essentialMs),
    [`essential/base (≤${goals.essential}x)`]: ratio(r.essentialMs / r.baselineMs, goals.essential),
    'classification (added)': ms(r.classificationMs),
    [`classification/essential (≤${goals.classification * 100}%)`]: `${((100 * r.classificationMs) / r.essentialMs).toFixed(0)}% ${r.classificationMs / r.essentialMs <= goals.classification ? 'ok' : 'OVER'}`,
    'full set': ms(r.fullMs),
    [`full/base (≤${goals.full}x)`]: ratio(r.fullMs / r.baselineMs, goals.full),
    'rest, fresh dir': ms(r.restFreshMs),
    'CPU: baseline': ms(r.baselineCpu),
    'CPU: essential': `${ms(r.essentialCpu)} (${(r.essentialCpu / r.baselineCpu).toFixed(2)}x)`,
    'CPU: full set': `${ms(r.fullCpu)} (${(r.fullCpu / r.baselineCpu).toFixed(2)}x)`,
    'peak RSS node': mb(r.nodePeakMb),
    'peak RSS ffmpeg': mb(r.ffmpegPeakMb),
    'source bytes': r.sourceBytes,
    'rendition bytes (files)': `${r.renditionBytes} (${r.files} renditions)`,
    'renditions/source': `${(r.renditionBytes / r.sourceBytes).toFixed(2)}x`,
  }));
  // Transposed: one column per input reads better than a very wide row.
  const keys = Object.keys(table[0] ?? {});
  const width = Math.max(...keys.map((k) => k.length));
  for (const key of keys) {
    const cells = table.map((t) => String(t[key as keyof typeof t]).padEnd(34));
    console.log(`${key.padEnd(width)} | ${cells.join(' | ')}`);
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'jiffy-media-bench-'));
try {
  const ff = await resolveFfmpeg();
  console.log(`ffmpeg ${ff.version} (${ff.source}), ${runs} runs per input, medians`);
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`classifier model load (once per process): ${await classifier.loadTime()} ms\n`);
  const inputs = (await makeBenchInputs(dir)).filter((input) => !only || input.path.includes(only));
  const rows: Row[] = [];
  for (const input of inputs) rows.push(await benchOne(input, dir));
  printTable(rows);
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await classifier.close();
  await rm(dir, { recursive: true, force: true });
}
