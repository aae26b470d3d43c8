import fsp from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ApiKeyService } from '../api-keys/api-key.service.ts';
import { AppError } from '../errors/app-error.ts';
import { okEnvelope } from '../http/envelope.ts';
import { parseInput } from '../http/parse-input.ts';
import { receiveForm } from '../http/receive-form.ts';
import { toUploadInput, uploadFieldsSchema } from './upload-input.schema.ts';
import type { UploadService } from './upload.service.ts';

export interface UploadRoutesDeps {
  uploads: UploadService;
  apiKeys: ApiKeyService;
  /** Folder for files while they are being received and checked. */
  uploadTempDir: string;
}

/** `POST /v1/gifs`: GIPHY's upload API (multipart `file`, or `source_image_url` in any body). */
export function uploadRoutes(app: FastifyInstance, deps: UploadRoutesDeps): void {
  app.post('/v1/gifs', async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    // A key in the query is checked before a possibly large body is read.
    if (typeof query.api_key === 'string') await deps.apiKeys.verify(query.api_key);
    const form = await receiveForm(request, deps.uploadTempDir);
    try {
      const fields = parseInput(uploadFieldsSchema, { ...form.fields, ...pickApiKey(query) });
      const caller = await deps.apiKeys.verify(fields.api_key);
      const input = toUploadInput(fields);
      let id: string;
      if (form.file) {
        id = await deps.uploads.createFromFile({
          tempPath: form.file.path,
          filename: form.file.filename,
          input,
          uploaderId: caller.userId,
        });
      } else if (fields.source_image_url) {
        id = await deps.uploads.createFromUrl({
          url: fields.source_image_url,
          input,
          uploaderId: caller.userId,
        });
      } else {
        throw new AppError('missing_file', 'Send a file or a source_image_url.');
      }
      return okEnvelope({ id }, request);
    } finally {
      if (form.file) await fsp.rm(form.file.path, { force: true });
    }
  });
}

function pickApiKey(query: Record<string, unknown>): Record<string, unknown> {
  return typeof query.api_key === 'string' ? { api_key: query.api_key } : {};
}
