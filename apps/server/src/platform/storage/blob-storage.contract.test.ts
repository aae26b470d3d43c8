import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema, resolveConfig, type Config } from '../../app/config/env.ts';
import { startTestS3, STORAGE_BACKENDS, type TestS3 } from '../../../testing/test-s3.ts';
import type { BlobStorage } from './blob-storage.ts';
import { createBlobStorage, s3ClientConfig } from './create-blob-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** The same cases against every backend: callers may not tell them apart. */
describe.each(STORAGE_BACKENDS)('BlobStorage contract on %s', (backend) => {
  let root: string;
  let server: TestS3 | undefined;
  let storage: BlobStorage;
  let config: Config;
  let n = 0;

  const put = async (key: string, bytes: Buffer | string) => {
    const file = path.join(root, `in-${n++}`);
    await fs.writeFile(file, bytes);
    await storage.putFile(key, file);
  };
  const text = async (key: string) => (await buffer(storage.read(key))).toString('utf8');
  const keys = async (prefix: string) => (await storage.list(prefix)).map((b) => b.key).sort();

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-contract-'));
    const env: Record<string, string> = { DATA_DIR: root };
    if (backend === 's3') {
      server = await startTestS3(path.join(root, 's3'));
      Object.assign(env, server.env);
    }
    config = resolveConfig(envSchema.parse(env));
    storage = createBlobStorage(config);
  });
  afterAll(async () => {
    await server?.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('stores, stats and reads back a file, replacing it on a second put', async () => {
    const before = Date.now();
    await put('gifs/abc/original.gif', 'GIF89a first');
    const info = await storage.stat('gifs/abc/original.gif');
    expect(info?.size).toBe(12);
    // S3 keeps whole seconds.
    expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await text('gifs/abc/original.gif')).toBe('GIF89a first');
    await put('gifs/abc/original.gif', 'second');
    expect(await text('gifs/abc/original.gif')).toBe('second');
    const copy = path.join(root, 'copy');
    await storage.getToFile('gifs/abc/original.gif', copy);
    expect(await fs.readFile(copy, 'utf8')).toBe('second');
  });

  it('reads inclusive byte ranges', async () => {
    await put('gifs/rng/original.mp4', '0123456789');
    const part = async (start: number, end: number) =>
      (await buffer(storage.read('gifs/rng/original.mp4', { start, end }))).toString();
    expect(await part(2, 5)).toBe('2345');
    expect(await part(0, 0)).toBe('0');
    expect(await part(9, 9)).toBe('9');
  });

  it('says null for a missing blob, and a read or copy of one fails with ENOENT', async () => {
    expect(await storage.stat('gifs/none/original.gif')).toBeNull();
    await expect(buffer(storage.read('gifs/none/original.gif'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(
      storage.getToFile('gifs/none/original.gif', path.join(root, 'nothing')),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists keys under a prefix (public, private and avatar files alike) with their write time', async () => {
    await put('gifs/lst/source', 'src');
    await put('gifs/lst/fixed_width.webp', 'w');
    await put('gifs/lst2/fixed_width.webp', 'other gif');
    await put('avatars/u1/0123456789abcdef/original.gif', 'a');
    await put('avatars/u1/0123456789abcdef/80h.gif', 'b');
    await put('avatar-sources/u1/0123456789abcdef', 'c');
    expect(await keys('gifs/lst')).toEqual(['gifs/lst/fixed_width.webp', 'gifs/lst/source']);
    expect(await keys('avatars/u1')).toEqual([
      'avatars/u1/0123456789abcdef/80h.gif',
      'avatars/u1/0123456789abcdef/original.gif',
    ]);
    expect(await keys('avatar-sources')).toEqual(['avatar-sources/u1/0123456789abcdef']);
    expect(await keys('gifs')).toEqual(
      expect.arrayContaining(['gifs/lst/source', 'gifs/lst2/fixed_width.webp']),
    );
    expect((await keys('gifs')).every((key) => key.startsWith('gifs/'))).toBe(true);
    expect(await keys('nothing/here')).toEqual([]);
    const [listed] = await storage.list('gifs/lst2');
    expect(listed!.modifiedAt.getTime()).toBe(
      (await storage.stat('gifs/lst2/fixed_width.webp'))!.modifiedAt.getTime(),
    );
  });

  it('deletes one blob, a folder, or a blob named by the prefix itself', async () => {
    await storage.delete('gifs/lst2/fixed_width.webp');
    await storage.delete('gifs/lst2/never-there.gif');
    expect(await keys('gifs/lst2')).toEqual([]);
    await storage.deletePrefix('avatars/u1/0123456789abcdef');
    expect(await keys('avatars/u1')).toEqual([]);
    await storage.deletePrefix('avatar-sources/u1/0123456789abcdef');
    expect(await keys('avatar-sources')).toEqual([]);
    await storage.deletePrefix('gifs/lst');
    expect(await keys('gifs/lst')).toEqual([]);
    await storage.deletePrefix('gifs/never');
  });

  it('moves a folder into quarantine and back; says false when there is nothing', async () => {
    await put('gifs/mv1/original.gif', 'one');
    await put('gifs/mv1/source', 'two');
    expect(await storage.movePrefix('gifs/mv1', 'quarantine/gifs/mv1')).toBe(true);
    expect(await storage.stat('gifs/mv1/original.gif')).toBeNull();
    expect(await keys('quarantine/gifs/mv1')).toEqual([
      'quarantine/gifs/mv1/original.gif',
      'quarantine/gifs/mv1/source',
    ]);
    expect(await text('quarantine/gifs/mv1/source')).toBe('two');
    // A late file written at the target meanwhile: what is moved wins.
    await put('gifs/mv1/original.gif', 'late');
    await put('gifs/mv1/still.png', 'late-only');
    expect(await storage.movePrefix('quarantine/gifs/mv1', 'gifs/mv1')).toBe(true);
    expect(await text('gifs/mv1/original.gif')).toBe('one');
    expect(await text('gifs/mv1/still.png')).toBe('late-only');
    expect(await keys('quarantine/gifs/mv1')).toEqual([]);
    expect(await storage.movePrefix('gifs/none', 'quarantine/gifs/none')).toBe(false);
  });

  it('refuses keys that could escape the store', async () => {
    expect(() => storage.read('../etc/passwd')).toThrow(/unsafe storage key/);
    await expect(storage.stat('gifs/../../x')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.list('/abs')).rejects.toThrow(/unsafe storage key/);
  });

  it.runIf(backend === 's3')(
    'sends a large file up in parts and reads every byte back',
    async () => {
      const { bucket, prefix } = storage as S3Storage;
      // A client of its own, counting the requests it sends.
      const client = new S3Client(s3ClientConfig(config));
      const sent: string[] = [];
      client.middlewareStack.add(
        (next, context) => (args) => {
          sent.push(context.commandName!);
          return next(args);
        },
        { step: 'initialize' },
      );
      const parts = new S3Storage({ client, bucket, prefix, partSize: 5 * 2 ** 20 });
      const bytes = randomBytes(11 * 2 ** 20);
      const file = path.join(root, 'large');
      await fs.writeFile(file, bytes);
      await parts.putFile('gifs/big/original.mp4', file);
      expect((await storage.stat('gifs/big/original.mp4'))?.size).toBe(bytes.length);
      expect(sent.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
      expect(sent).toContain('CompleteMultipartUploadCommand');
      expect((await buffer(storage.read('gifs/big/original.mp4'))).equals(bytes)).toBe(true);
    },
  );
});
