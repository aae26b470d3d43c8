// Decoded-work budget benchmark: `npm exec -- node bench/media/work-budget.bench.ts`. Not a test.
// Times the full rendition set (essential, then rest in a fresh directory as the server runs it)
// for sources of growing decoded pixels (frames × width × height) and prints the CPU seconds
// each cost (this process, sharp's threads included, plus its ffmpeg children), so the default
// MAX_DECODED_PIXELS can be chosen to keep every accepted upload under 60 s of one core.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  decodedPixels,
  defaultMediaLimits,
  probe,
  renderRenditions,
  resolveFfmpeg,
} from '@jiffy/media';
import { makeMp4, writeHeavyCanvasGif } from '@jiffy/media/testing';
import { makeBenchGif } from './bench-inputs.ts';
import { treeCpuMs } from '../support/process-tree.ts';
import { run } from './run.ts';

interface Spec {
  label: string;
  make: (file: string) => Promise<string>;
}

const canvas = (width: number, height: number, frames: number): Spec => ({
  label: `canvas GIF ${width}x${height} × ${frames} (1x1 frames)`,
  make: (file) => writeHeavyCanvasGif(`${file}.gif`, { width, height, frames }),
});
const mandelbrot = (width: number, height: number, frames: number): Spec => ({
  label: `mandelbrot GIF ${width}x${height} × ${frames}`,
  make: (file) =>
    makeBenchGif(
      `${file}.gif`,
      `mandelbrot=size=${width}x${height}:rate=15,trim=end_frame=${frames}`,
    ),
});
const mp4 = (width: number, height: number, seconds: number): Spec => ({
  label: `testsrc2 MP4 ${width}x${height} 30 fps × ${seconds} s`,
  make: (file) => makeMp4({ path: `${file}.mp4`, width, height, seconds, fps: 30 }),
});

const mandelbrotMp4 = (width: number, height: number, frames: number): Spec => ({
  label: `mandelbrot MP4 ${width}x${height} 30 fps × ${frames}`,
  make: async (file) => {
    const ff = await resolveFfmpeg();
    const out = `${file}.mp4`;
    const source = `mandelbrot=size=${width}x${height}:rate=30,trim=end_frame=${frames}`;
    const encode = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', out];
    await run(ff.ffmpegPath, ['-nostdin', '-y', '-f', 'lavfi', '-i', source, ...encode]);
    return out;
  },
});

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const specs: Spec[] = [
  canvas(1000, 1000, 25),
  canvas(1000, 1000, 50),
  canvas(1000, 1000, 100),
  canvas(1000, 1000, 200),
  canvas(4096, 4096, 3),
  canvas(4096, 4096, 6),
  canvas(4096, 4096, 12),
  canvas(400, 300, 1000),
  mandelbrot(800, 450, 70),
  mandelbrot(800, 450, 140),
  mandelbrot(800, 450, 280),
  mp4(1280, 720, 2),
  mp4(1280, 720, 4),
  mp4(1920, 1080, 4),
  mandelbrot(1280, 720, 60),
  mandelbrot(320, 180, 900),
  mandelbrotMp4(1280, 720, 60),
  mandelbrotMp4(1280, 720, 120),
  // At the default budget (250 M: frames × (width × height + 250 000)), the costliest kinds.
  mandelbrot(320, 180, 810),
  mandelbrot(800, 450, 409),
].filter((_, i) => only.length === 0 || only.includes(String(i)));

/** CPU seconds of this process (all threads) and the programs it ran, from /proc. */
function cpuSeconds(): number {
  const { self, descendants } = treeCpuMs();
  return (self + descendants) / 1000;
}

const dir = await mkdtemp(path.join(tmpdir(), 'jiffy-work-bench-'));
try {
  console.log(
    'source | decoded pixels (budget units) | bytes | wall s | CPU s | CPU ns per decoded pixel',
  );
  for (const [i, spec] of specs.entries()) {
    const source = await spec.make(path.join(dir, `in-${i}`));
    const limits = { ...defaultMediaLimits, maxDecodedPixels: Number.MAX_SAFE_INTEGER };
    const probed = await probe(source, limits);
    const common = { source, probe: probed, sticker: false, limits };
    const cpu0 = cpuSeconds();
    const wall0 = performance.now();
    await renderRenditions({ ...common, outDir: path.join(dir, `e-${i}`), phase: 'essential' });
    await renderRenditions({ ...common, outDir: path.join(dir, `r-${i}`), phase: 'rest' });
    const wall = (performance.now() - wall0) / 1000;
    const cpu = cpuSeconds() - cpu0;
    const pixels = decodedPixels(probed);
    const bytes = (await stat(source)).size;
    console.log(
      `${i} ${spec.label} | ${pixels.toExponential(2)} | ${bytes} | ${wall.toFixed(1)} | ` +
        `${cpu.toFixed(1)} | ${((cpu * 1e9) / pixels).toFixed(0)}`,
    );
    await rm(path.join(dir, `e-${i}`), { recursive: true, force: true });
    await rm(path.join(dir, `r-${i}`), { recursive: true, force: true });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
