import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Runs `fn` with a fresh folder under `root` and removes the folder afterwards, whatever happens. */
export async function withTempDir<T>(root: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(root, randomUUID());
  await fs.mkdir(dir, { recursive: true });
  try {
    return await fn(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
