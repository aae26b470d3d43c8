import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHead, sniffFormat } from './sniff.ts';
import {
  makeAnimatedGif,
  makeAnimatedWebp,
  makeApng,
  makePng,
  makeVideo,
  writeRandomBytes,
} from './testing/index.ts';

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );

describe('sniffFormat on magic bytes', () => {
  it('knows both GIF versions', () => {
    expect(sniffFormat(bytes('GIF87a', [1, 0, 1, 0]))).toBe('gif');
    expect(sniffFormat(bytes('GIF89a', [1, 0, 1, 0]))).toBe('gif');
    expect(sniffFormat(bytes('GIF90a'))).toBeNull();
  });

  it('needs WEBP inside the RIFF header', () => {
    expect(sniffFormat(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffFormat(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
  });

  it('tells mp4 from mov by the ftyp brand, and refuses HEIC/AVIF', () => {
    expect(sniffFormat(bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4');
    expect(sniffFormat(bytes([0, 0, 0, 24], 'ftypmp42'))).toBe('mp4');
    expect(sniffFormat(bytes([0, 0, 0, 20], 'ftypqt  '))).toBe('mov');
    expect(sniffFormat(bytes([0, 0, 0, 24], 'ftypheic'))).toBeNull();
    expect(sniffFormat(bytes([0, 0, 0, 24], 'ftypavif'))).toBeNull();
  });

  it('takes EBML as WebM unless the doc type says Matroska', () => {
    const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1];
    expect(sniffFormat(bytes(ebml, [0x42, 0x82, 0x84], 'webm'))).toBe('webm');
    expect(sniffFormat(bytes(ebml, [0x42, 0x82, 0x88], 'matroska'))).toBeNull();
  });

  it('returns null for short or unknown input', () => {
    expect(sniffFormat(new Uint8Array(0))).toBeNull();
    expect(sniffFormat(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeNull(); // JPEG
  });
});

describe('sniffFormat on generated files (first 64 bytes, as the server reads)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jiffy-sniff-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const at = (name: string): string => path.join(dir, name);

  it('recognises each accepted format', async () => {
    const size = { width: 32, height: 24 };
    const cases: Array<[Promise<string>, string]> = [
      [makeAnimatedGif({ path: at('a.gif'), ...size, frames: 3 }), 'gif'],
      [makeAnimatedWebp({ path: at('a.webp'), ...size, frames: 3 }), 'webp'],
      [makeAnimatedWebp({ path: at('s.webp'), ...size, frames: 1 }), 'webp'],
      [makePng({ path: at('a.png'), ...size }), 'png'],
      [makeApng({ path: at('a.apng'), ...size, frames: 3 }), 'apng'],
      [makeVideo({ path: at('a.mp4'), ...size, seconds: 0.2 }), 'mp4'],
      [makeVideo({ path: at('a.mov'), format: 'mov', ...size, seconds: 0.2 }), 'mov'],
      [makeVideo({ path: at('a.webm'), format: 'webm', ...size, seconds: 0.2 }), 'webm'],
      [writeRandomBytes(at('random.gif')), 'null'],
    ];
    for (const [made, expected] of cases) {
      const file = await made;
      expect(String(sniffFormat(await readHead(file, 64))), file).toBe(expected);
    }
  });
});
