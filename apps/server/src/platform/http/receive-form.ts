import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

export interface ReceivedForm {
  fields: Record<string, unknown>;
  /** The `file` part, written to a temporary file the caller removes. */
  file: { path: string; filename: string | null } | null;
}

/** Reads a multipart form to fields plus at most one file on disk, or a JSON/urlencoded body. */
export async function receiveForm(request: FastifyRequest, tempDir: string): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields: Record<string, unknown> = {};
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      // JSON may say `"is_sticker": true`; other non-strings stay as they are for the schema to refuse.
      for (const [key, value] of Object.entries(body)) {
        fields[key] =
          typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
      }
    }
    return { fields, file: null };
  }
  const form: ReceivedForm = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || form.file) {
        part.file.resume(); // drain parts we do not take
        continue;
      }
      await fsp.mkdir(tempDir, { recursive: true });
      const filePath = path.join(tempDir, randomUUID());
      form.file = { path: filePath, filename: part.filename || null };
      await pipeline(part.file, fs.createWriteStream(filePath));
    }
  } catch (error) {
    if (form.file) await fsp.rm(form.file.path, { force: true });
    throw asSendersMistake(error);
  }
  return form;
}

/**
 * busboy refuses a body that is not multipart as its header says (no boundary, data ending
 * mid-part, a broken part header) with a plain `Error`: the sender's mistake, a 400. Anything
 * else passes through as it is: our own bugs (TypeError and the like, logged as 500s), the file
 * system's errors (they carry a `syscall`), and errors with a status (Fastify's limits, ours).
 */
function asSendersMistake(error: unknown): unknown {
  if (!(error instanceof Error) || error.constructor !== Error) return error;
  if ('statusCode' in error || 'syscall' in error) return error;
  return new AppError('invalid_request', `The multipart body could not be read: ${error.message}.`);
}
