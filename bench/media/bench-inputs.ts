import path from 'node:path';
import { resolveFfmpeg } from '@jiffy/media';
import { run } from './run.ts';

/** One benchmark input: a GIF with real motion and colour, made by ffmpeg. */
export interface BenchInput {
  label: string;
  path: string;
}

/**
 * The two benchmark GIFs: 480x270, 3 s at 15 fps of `testsrc2` (moving test pattern), and
 * 800x450, 5 s at 15 fps of `mandelbrot` (a slow zoom: every pixel changes every frame, the
 * hardest case for GIF). Both go through palettegen/paletteuse like a real GIF would.
 */
export async function makeBenchInputs(dir: string): Promise<BenchInput[]> {
  const specs = [
    {
      label: '480x270 3s 15fps (testsrc2)',
      file: 'small.gif',
      source: 'testsrc2=size=480x270:rate=15:duration=3',
    },
    {
      label: '800x450 5s 15fps (mandelbrot)',
      file: 'large.gif',
      source: 'mandelbrot=size=800x450:rate=15,trim=duration=5',
    },
  ];
  const inputs: BenchInput[] = [];
  for (const spec of specs) {
    const file = path.join(dir, spec.file);
    await makeBenchGif(file, spec.source);
    inputs.push({ label: spec.label, path: file });
  }
  return inputs;
}

/** Writes an ffmpeg lavfi `source` as a GIF through palettegen/paletteuse, like a real GIF. */
export async function makeBenchGif(file: string, source: string): Promise<string> {
  const ff = await resolveFfmpeg();
  await run(ff.ffmpegPath, [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    '-filter_complex',
    '[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse',
    file,
  ]);
  return file;
}
