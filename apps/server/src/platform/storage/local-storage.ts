import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type BlobInfo, type BlobStorage, type ByteRange } from './blob-storage.ts';

/** Blobs as files under one root folder (`DATA_DIR/media` by default). */
export class LocalStorage implements BlobStorage {
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Absolute path of a key's file; lets local processing read blobs without a copy. */
  pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Copy beside the target, then rename: a reader never sees a half-written file.
    const temp = `${target}.${randomUUID()}.part`;
    try {
      await fsp.copyFile(sourcePath, temp);
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async getToFile(key: string, destPath: string): Promise<void> {
    await fsp.copyFile(this.pathOf(key), destPath);
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const info = await fsp.stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return fs.createReadStream(this.pathOf(key), range ?? {});
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.rm(file, { force: true });
    // The key's folder goes with its last file (fails, harmlessly, while others remain).
    await fsp.rmdir(path.dirname(file)).catch(() => {});
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const folder = this.pathOf(prefix);
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const blobs: { key: string; modifiedAt: Date }[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      // A file removed since the listing (a concurrent delete) is simply not there.
      const info = await fsp.stat(file).catch(() => null);
      if (!info) continue;
      const key = path.relative(this.root, file).split(path.sep).join('/');
      blobs.push({ key, modifiedAt: info.mtime });
    }
    return blobs;
  }

  async movePrefix(fromKey: string, toKey: string): Promise<boolean> {
    const source = this.pathOf(fromKey);
    const target = this.pathOf(toKey);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // One rename of the folder: on one filesystem, readers see all the files here or all there.
    try {
      await fsp.rename(source, target);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
    // Files were written at the target meanwhile (a rendition job finishing after a takedown):
    // what is moved wins, file by file.
    for (const entry of await fsp.readdir(source, { withFileTypes: true })) {
      const name = entry.name;
      if (entry.isDirectory()) await this.movePrefix(`${fromKey}/${name}`, `${toKey}/${name}`);
      else await fsp.rename(path.join(source, name), path.join(target, name));
    }
    await fsp.rm(source, { recursive: true, force: true });
    return true;
  }
}
