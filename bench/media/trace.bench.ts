// Where a render's wall time goes: `npm exec -- node bench/media/trace.bench.ts [--runs N] [--input small|large]`.
// Renders the benchmark GIFs (essential, then rest in the same directory, as `media.bench.ts`)
// and prints every ffmpeg run, sharp pipeline and measured file of the last run as a timeline
// (ms from the phase's start), after one plain `ffmpeg -i in.gif out.mp4` for scale.
import { subscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultMediaLimits, probe, renderRenditions, resolveFfmpeg } from '@jiffy/media';
import type { MediaTraceEvent } from '../../packages/media/src/trace.ts';
import { makeBenchInputs } from './bench-inputs.ts';
import { run } from './run.ts';
import { cpuNow } from './cpu.ts';

const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(flag('--runs') ?? 2);
const only = flag('--input');

let events: MediaTraceEvent[] = [];
subscribe('jiffy:media:step', (message) => events.push(message as MediaTraceEvent));

async function withCpu<T>(work: () => Promise<T>): Promise<{ value: T; cpu: string }> {
  const before = await cpuNow();
  const value = await work();
  const after = await cpuNow();
  const self = Math.round(after.self - before.self);
  const children = Math.round(after.children - before.children);
  return { value, cpu: `CPU ${self + children} ms (node ${self}, ffmpeg ${children})` };
}

function printTimeline(title: string, list: MediaTraceEvent[]): void {
  const phase = list.find((e) => e.step.startsWith('phase '));
  const zero = phase?.start ?? list[0]?.start ?? 0;
  console.log(`\n${title}: ${Math.round((phase?.end ?? 0) - zero)} ms`);
  for (const e of [...list].sort((a, b) => a.start - b.start)) {
    if (e === phase) continue;
    const from = Math.round(e.start - zero);
    const to = Math.round(e.end - zero);
    console.log(
      `${String(from).padStart(6)} → ${String(to).padStart(6)}  ${String(to - from).padStart(5)} ms  ${e.step}`,
    );
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'jiffy-media-trace-'));
try {
  const ff = await resolveFfmpeg();
  const inputs = (await makeBenchInputs(dir)).filter((input) => !only || input.path.includes(only));
  for (const input of inputs) {
    const probed = await probe(input.path, defaultMediaLimits);
    const common = {
      source: input.path,
      probe: probed,
      sticker: false,
      limits: defaultMediaLimits,
    };
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const baseline = await withCpu(() =>
        run(ff.ffmpegPath, [
          ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
          ...['-i', input.path, path.join(dir, 'baseline.mp4')],
        ]),
      );
      const baselineMs = performance.now() - started;
      const outDir = path.join(dir, `out-${i}`);
      events = [];
      const essentialCpu = await withCpu(() =>
        renderRenditions({ ...common, outDir, phase: 'essential' }),
      );
      const essential = events;
      events = [];
      const restCpu = await withCpu(() => renderRenditions({ ...common, outDir, phase: 'rest' }));
      const rest = events;
      if (i < runs - 1) {
        await rm(outDir, { recursive: true, force: true });
        continue;
      }
      console.log(`\n== ${input.label}: baseline ${Math.round(baselineMs)} ms, ${baseline.cpu}`);
      printTimeline(`essential (${essentialCpu.cpu})`, essential);
      printTimeline(`rest (${restCpu.cpu})`, rest);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
