import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { resolveFfmpeg } from '../ffmpeg.ts';
import type { MediaLimits, MediaProbe, RenditionFile, RenditionPhase } from '../types.ts';
import type { RenderContext } from './context.ts';
import { renderEssential } from './essential.ts';
import { planSizes } from './plan.ts';
import { renderRest } from './rest.ts';
import { traced } from '../trace.ts';

/** What `renderRenditions` needs. */
export interface RenderRenditionsOptions {
  /** The source file, already probed. */
  source: string;
  probe: MediaProbe;
  /** Rendition files are written here as `<name>.<format>`. */
  outDir: string;
  /** Stickers keep transparency in every GIF and WebP (so does any source with alpha). */
  sticker: boolean;
  phase: RenditionPhase;
  limits: MediaLimits;
}

/**
 * Writes one phase of GIPHY's rendition set and describes every file from its bytes. The
 * 'rest' phase reuses essential files already in `outDir` (e.g. `original.gif` for
 * `downsized_large`) and makes its own when they are missing. Several entries may share a path.
 * Failures are `MediaError`s: `corrupt_media`, `processing_failed` or `processing_timeout`.
 */
export async function renderRenditions(options: RenderRenditionsOptions): Promise<RenditionFile[]> {
  await mkdir(options.outDir, { recursive: true });
  const workDir = await mkdtemp(path.join(options.outDir, '.work-'));
  try {
    const ctx: RenderContext = {
      ff: await resolveFfmpeg(),
      source: options.source,
      probe: options.probe,
      outDir: options.outDir,
      workDir,
      alpha: options.sticker || options.probe.hasAlpha,
      limits: options.limits,
      sizes: planSizes(options.probe, { sticker: options.sticker }),
    };
    return await traced(`phase ${options.phase}`, () =>
      options.phase === 'essential' ? renderEssential(ctx) : renderRest(ctx),
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
