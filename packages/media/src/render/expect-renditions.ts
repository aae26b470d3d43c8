import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { RenditionFile, RenditionFormat, RenditionName } from '../types.ts';

/** Test helper: finds the one file for a rendition name and format, failing clearly if absent. */
export function fileOf(
  files: readonly RenditionFile[],
  name: RenditionName,
  format: RenditionFormat,
): RenditionFile {
  const found = files.filter((f) => f.name === name && f.format === format);
  expect(found, `${name}.${format}`).toHaveLength(1);
  return found[0]!;
}

/**
 * Test helper: every described file exists under `outDir`, and its bytes and sha256 are the
 * file's own (read back, not trusted).
 */
export async function expectFilesTruthful(
  files: readonly RenditionFile[],
  outDir: string,
): Promise<void> {
  for (const file of files) {
    expect(path.dirname(file.path), file.name).toBe(outDir);
    expect(path.basename(file.path), file.name).toMatch(/^[a-z0-9_]+\.(gif|mp4|webp|jpg|png)$/);
    expect(file.bytes, file.name).toBe((await stat(file.path)).size);
    const digest = createHash('sha256')
      .update(await readFile(file.path))
      .digest('hex');
    expect(file.sha256, file.name).toBe(digest);
    expect(file.width * file.height * file.frames, file.name).toBeGreaterThan(0);
    if (file.format === 'mp4') {
      expect(file.width % 2, `${file.name} width`).toBe(0);
      expect(file.height % 2, `${file.name} height`).toBe(0);
    }
  }
}

/** Test helper: the set of `name.format` keys. */
export function keysOf(files: readonly RenditionFile[]): string[] {
  return files.map((f) => `${f.name}.${f.format}`).sort();
}
