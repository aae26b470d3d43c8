import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.ts';

describe('LocalStorage.movePrefix (takedown quarantine)', () => {
  let root: string;
  let storage: LocalStorage;
  const write = async (key: string, text: string) => {
    const file = path.join(root, 'in.tmp');
    await fs.writeFile(file, text);
    await storage.putFile(key, file);
  };
  const read = (key: string) => fs.readFile(storage.pathOf(key), 'utf8');

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-storage-'));
    storage = new LocalStorage(path.join(root, 'media'));
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('moves a folder of blobs, and back', async () => {
    await write('gifs/a1/original.gif', 'one');
    await write('gifs/a1/still.png', 'two');
    expect(await storage.movePrefix('gifs/a1', 'quarantine/gifs/a1')).toBe(true);
    expect(await storage.stat('gifs/a1/original.gif')).toBeNull();
    expect(await read('quarantine/gifs/a1/still.png')).toBe('two');
    expect(await storage.movePrefix('quarantine/gifs/a1', 'gifs/a1')).toBe(true);
    expect(await read('gifs/a1/original.gif')).toBe('one');
  });

  it('says false when there is nothing to move', async () => {
    expect(await storage.movePrefix('gifs/none', 'quarantine/gifs/none')).toBe(false);
  });

  it('merges into a folder written meanwhile, the moved files winning', async () => {
    await write('quarantine/gifs/b2/original.gif', 'kept');
    await write('gifs/b2/original.gif', 'late');
    await write('gifs/b2/downsized.gif', 'late-only');
    expect(await storage.movePrefix('quarantine/gifs/b2', 'gifs/b2')).toBe(true);
    expect(await read('gifs/b2/original.gif')).toBe('kept');
    expect(await read('gifs/b2/downsized.gif')).toBe('late-only');
    expect(await storage.stat('quarantine/gifs/b2/original.gif')).toBeNull();
  });
});
