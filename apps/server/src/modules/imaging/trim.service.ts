import path from 'node:path';
import fsp from 'node:fs/promises';
import {
  planTrim,
  probe,
  resolveFfmpeg,
  trimMedia,
  type MediaLimits,
  type TrimFormat,
} from '@jiffy/media';
import pLimit from 'p-limit';
import { withTempDir } from '../../platform/lib/temp-dir.ts';

/** Where the clip comes from: a file the route received, or a URL to fetch. */
export type TrimSource = { file: string } | { url: string };

export interface TrimmedClip {
  bytes: Buffer;
  format: TrimFormat;
  /** The span actually kept (the duration is shortened at the source's end). */
  startSeconds: number;
  durationSeconds: number;
}

export interface TrimServiceDeps {
  limits: MediaLimits;
  tempRoot: string;
  /**
   * Fetches a user-supplied URL to `destPath` with the URL import's SSRF guards (public
   * addresses only, every redirect re-checked, size and time capped).
   */
  download(url: string, destPath: string): Promise<unknown>;
  /** Trims encoding at once in this process (each is one ffmpeg, about one core). */
  concurrency: number;
}

/**
 * `/imaging/trim`: cuts a span out of a GIF or video and answers it as MP4 or GIF, inside the
 * request. The source passes the upload's checks (size, sniffed format, header probe against
 * the media limits); the decoded-work budget is charged for what the trim decodes, not the
 * whole source, so a long video can still give a short clip. Nothing is stored.
 */
export class TrimService {
  readonly #deps: TrimServiceDeps;
  readonly #slots: <T>(work: () => Promise<T>) => Promise<T>;

  constructor(deps: TrimServiceDeps) {
    this.#deps = deps;
    const limit = pLimit(Math.max(1, deps.concurrency));
    this.#slots = (work) => limit(work);
  }

  async trim(
    source: TrimSource,
    request: { startSeconds: number; durationSeconds: number; format: TrimFormat },
  ): Promise<TrimmedClip> {
    const { limits } = this.#deps;
    return withTempDir(this.#deps.tempRoot, async (dir) => {
      let sourcePath: string;
      if ('url' in source) {
        sourcePath = path.join(dir, 'source');
        await this.#deps.download(source.url, sourcePath);
      } else {
        sourcePath = source.file;
      }
      // The whole-source budget is the upload's; a trim is charged in planTrim for its span.
      const probed = await probe(sourcePath, { ...limits, maxDecodedPixels: Infinity });
      const span = planTrim(probed, request, limits);
      const outPath = path.join(dir, `clip.${request.format}`);
      const ff = await resolveFfmpeg();
      await this.#slots(() =>
        trimMedia(
          {
            ff,
            source: sourcePath,
            probe: probed,
            format: request.format,
            outPath,
            workPath: path.join(dir, 'frames.gif'),
            limits,
          },
          span,
        ),
      );
      return { bytes: await fsp.readFile(outPath), format: request.format, ...span };
    });
  }
}
