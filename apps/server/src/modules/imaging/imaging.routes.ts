import fsp from 'node:fs/promises';
import { trimContentTypes } from '@jiffy/contracts';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consumeOrRefuse, withRetryAfter, type AttemptLimits } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { parseInput, firstValues } from '../../platform/http/parse-input.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { principalOf } from '../../platform/http/route-auth.ts';
import { receiveForm } from '../../platform/http/receive-form.ts';
import { presentTrimmedClip } from './trim.presenter.ts';
import { MAX_TRIM_SECONDS, trimInputSchema } from './trim-input.schema.ts';
import type { TrimService, TrimSource } from './trim.service.ts';

/**
 * Trims one user may ask for: each is up to a few seconds of a core, so a maker session's
 * worth (previews while dragging the handles end on release) but not a transcoding service.
 */
const TRIMS_PER_USER = { points: 60, durationSeconds: 10 * 60 };

export interface ImagingRoutesDeps {
  trims: TrimService;
  limiter: AttemptLimits;
  uploadTempDir: string;
}

/** The trim form as documented: the same fields, or a `file` in place of `media_url`. */
const trimForm = trimInputSchema.extend({
  file: z
    .string()
    .optional()
    .meta({ format: 'binary', description: 'The GIF or video; or give media_url instead.' }),
});

/**
 * `GET` or `POST /imaging/trim`: `media_url` or a multipart `file`, `start`, `duration`,
 * optional `format` (`mp4`, or `gif`). Answers the clip itself. A personal token or the
 * session (with the CSRF echo on POST, from the site surface's hook); anonymous callers are
 * refused before a body is read.
 */
export function imagingRoutes(app: FastifyInstance, deps: ImagingRoutesDeps): void {
  const perUser = deps.limiter.limiter('imaging-trim-user', TRIMS_PER_USER);

  const trim = async (
    request: FastifyRequest,
    reply: FastifyReply,
    read: () => Promise<{ fields: Record<string, unknown>; file: string | null }>,
  ) => {
    const user = principalOf(request);
    await withRetryAfter(reply, consumeOrRefuse(perUser, user.id));
    const { fields, file } = await read();
    try {
      const input = parseInput(trimInputSchema, fields);
      let source: TrimSource;
      if (file && input.media_url) {
        throw new AppError('invalid_request', 'Send a file or a media_url, not both.');
      } else if (file) {
        source = { file };
      } else if (input.media_url) {
        source = { url: input.media_url };
      } else {
        throw new AppError('missing_file', 'Send a file or a media_url.');
      }
      const clip = await deps.trims.trim(source, {
        startSeconds: input.start,
        durationSeconds: input.duration,
        format: input.format,
      });
      return presentTrimmedClip(reply, clip);
    } finally {
      if (file) await fsp.rm(file, { force: true });
    }
  };

  const doc = (how: 'query' | 'form') =>
    documented({
      summary: `A span of a GIF or video, as MP4 or GIF (the source and span in the ${how})`,
      description:
        `The clip itself, in \`format\` (MP4 unless \`gif\`), up to ${MAX_TRIM_SECONDS} s. ` +
        'X-Trim-Start and X-Trim-Duration say the span kept, which is shorter when asked past ' +
        'the end. Limited per user.',
      tags: ['Imaging'],
      ...(how === 'query'
        ? { query: trimInputSchema }
        : { body: trimForm, bodyType: 'multipart/form-data' }),
      responses: { 200: null },
      produces: Object.values(trimContentTypes),
      auth: 'session-or-token',
    });
  app.get('/imaging/trim', doc('query'), (request, reply) =>
    trim(request, reply, async () => ({ fields: firstValues(request.query), file: null })),
  );
  app.post('/imaging/trim', doc('form'), (request, reply) =>
    trim(request, reply, async () => {
      const form = await receiveForm(request, deps.uploadTempDir);
      return { fields: form.fields, file: form.file?.path ?? null };
    }),
  );
}
