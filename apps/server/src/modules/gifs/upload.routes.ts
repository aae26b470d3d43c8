import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { principalOf } from '../../platform/http/route-auth.ts';
import { receiveForm } from '../../platform/http/receive-form.ts';
import {
  siteUploadFieldsSchema,
  toUploadInput,
  uploadFieldsSchema,
  type UploadFields,
} from './upload-input.schema.ts';
import { UploadQuotaExceeded } from './upload-quota.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { uploadAnswer, siteUploadAnswer } from '@jiffy/contracts';

/** The upload form as documented: the fields the schema checks, plus the file itself. */
const withFile = <S extends z.ZodObject>(fields: S) =>
  fields.extend({
    file: z
      .string()
      .optional()
      .meta({ format: 'binary', description: 'The file; or give source_image_url instead.' }),
  });
import type { Uploader, UploadResult, UploadService } from './upload.service.ts';

export interface UploadRoutesDeps {
  uploads: UploadService;
  apiKeys: ApiKeyService;
  /** Folder for files while they are being received and checked. */
  uploadTempDir: string;
}

/** `POST /v1/gifs`: GIPHY's upload API (multipart `file`, or `source_image_url` in any body). */
export function publicUploadRoutes(app: FastifyInstance, deps: UploadRoutesDeps): void {
  const upload = documented({
    summary: 'Upload a GIF, sticker or video',
    description: 'Multipart `file`, or `source_image_url` in any body. 429 past the quota.',
    body: withFile(uploadFieldsSchema),
    bodyType: 'multipart/form-data',
    responses: { 200: uploadAnswer },
    auth: 'anonymous',
    apiKey: 'required',
  });
  app.post('/v1/gifs', upload, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { id } = await withRetryAfter(reply, async () => {
      // A key in the query, and its quota, are checked before a possibly large body is read.
      if (typeof query.api_key === 'string') {
        const caller = await deps.apiKeys.verify(query.api_key);
        await deps.uploads.refuseIfQuotaSpent({ uploaderId: caller.userId, apiKey: caller.key });
      }
      return receiveUpload(request, deps, uploadFieldsSchema, pickApiKey(query), async (fields) => {
        const caller = await deps.apiKeys.verify(fields.api_key);
        return { uploaderId: caller.userId, apiKey: caller.key };
      });
    });
    // GIPHY's upload answers 200 either way; an exact re-upload answers the GIF already there.
    return okEnvelope({ id }, request);
  });
}

/** `POST /api/v1/uploads`: the same upload from the site, by the signed-in user (session + CSRF). */
export function siteUploadRoutes(app: FastifyInstance, deps: UploadRoutesDeps): void {
  const upload = documented({
    summary: 'Upload as the signed-in user',
    description: '201 for a new GIF, 200 when the same file of yours was already there.',
    body: withFile(siteUploadFieldsSchema),
    bodyType: 'multipart/form-data',
    responses: { 200: siteUploadAnswer, 201: siteUploadAnswer },
    // A signed-in session only (scripts upload through POST /v1/gifs, with a key).
    auth: 'session',
  });
  app.post('/api/v1/uploads', upload, async (request, reply) => {
    // Signed in before a possibly large body is read; the GIF is always the uploader's own.
    const user = principalOf(request);
    const { id, created } = await withRetryAfter(reply, async () => {
      await deps.uploads.refuseIfQuotaSpent({ uploaderId: user.id });
      return receiveUpload(request, deps, siteUploadFieldsSchema, {}, async () => ({
        uploaderId: user.id,
      }));
    });
    // 201 for a new GIF; 200 when the user's exact copy was already there (nothing new stored).
    return reply.status(created ? 201 : 200).send({ data: { id } });
  });
}

/** A refusal over quota carries its retry time in `Retry-After` as well as in the message. */
async function withRetryAfter<T>(reply: FastifyReply, upload: () => Promise<T>): Promise<T> {
  try {
    return await upload();
  } catch (error) {
    if (error instanceof UploadQuotaExceeded) reply.header('retry-after', error.retryAfterSeconds);
    throw error;
  }
}

/** Reads the form, checks its fields, and starts processing the file or URL it names. */
async function receiveUpload<S extends z.ZodType<Partial<UploadFields>>>(
  request: FastifyRequest,
  deps: UploadRoutesDeps,
  schema: S,
  extraFields: Record<string, unknown>,
  uploaderOf: (fields: z.infer<S>) => Promise<Uploader>,
): Promise<UploadResult> {
  const form = await receiveForm(request, deps.uploadTempDir);
  try {
    const fields = parseInput(schema, { ...form.fields, ...extraFields });
    const uploader = await uploaderOf(fields);
    const input = toUploadInput(fields);
    if (form.file) {
      return await deps.uploads.createFromFile({
        ...uploader,
        tempPath: form.file.path,
        filename: form.file.filename,
        input,
      });
    }
    if (fields.source_image_url) {
      const id = await deps.uploads.createFromUrl({
        ...uploader,
        url: fields.source_image_url,
        input,
      });
      return { id, created: true };
    }
    throw new AppError('missing_file', 'Send a file or a source_image_url.');
  } finally {
    if (form.file) await fsp.rm(form.file.path, { force: true });
  }
}

function pickApiKey(query: Record<string, unknown>): Record<string, unknown> {
  return typeof query.api_key === 'string' ? { api_key: query.api_key } : {};
}
