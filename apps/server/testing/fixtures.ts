import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeAnimatedGif, makeAnimatedWebp } from '@jiffy/media/testing';

/**
 * The bytes of a small generated animation (the media package's fixtures: moving square on
 * colour bars, or a disc on transparency with `alpha`).
 */
export async function animatedImage(options: {
  width: number;
  height: number;
  frames: number;
  alpha?: boolean;
  format?: 'gif' | 'webp';
  /** A different picture, for tests where looking alike matters. */
  pattern?: 'bars' | 'rings';
}): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-fixture-'));
  try {
    const file = path.join(dir, `fixture.${options.format ?? 'gif'}`);
    const make = options.format === 'webp' ? makeAnimatedWebp : makeAnimatedGif;
    return await fs.readFile(await make({ ...options, path: file }));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Builds a multipart body for `app.inject` (fields first, then the file, as browsers send). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----jiffy${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
