import { open } from 'node:fs/promises';
import type { SourceFormat } from './types.ts';

/** ISO-BMFF brands that are still images (HEIC/AVIF), which Jiffy does not take. */
const imageBrands = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

/** Top-level atoms an old QuickTime file may start with when it has no `ftyp`. */
const bareQuickTimeAtoms = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The container format, judged only from the first bytes (64 are enough for everything but an
 * APNG whose `acTL` sits behind large ancillary chunks; such a file reads as 'png' here and
 * `probe` corrects it). Null for anything Jiffy does not accept.
 */
export function sniffFormat(head: Uint8Array): SourceFormat | null {
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  if (pngSignature.every((byte, i) => head[i] === byte)) return sniffPng(head);
  const box = ascii(head, 4, 4);
  if (box === 'ftyp') return sniffBrand(ascii(head, 8, 4));
  if (bareQuickTimeAtoms.has(box) && head.length >= 8) return 'mov';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return sniffEbml(head);
  }
  return null;
}

/** Reads up to `length` bytes from the start of a file (fewer if the file is shorter). */
export async function readHead(path: string, length = 64): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** APNG when an `acTL` chunk comes before the first `IDAT`. */
function sniffPng(head: Uint8Array): SourceFormat {
  let offset = 8;
  while (offset + 8 <= head.length) {
    const length = readUint32(head, offset);
    const type = ascii(head, offset + 4, 4);
    if (type === 'acTL') return 'apng';
    if (type === 'IDAT') return 'png';
    offset += 12 + length;
  }
  return 'png';
}

function sniffBrand(brand: string): SourceFormat | null {
  if (brand.length < 4) return null;
  if (brand === 'qt  ') return 'mov';
  if (imageBrands.has(brand)) return null;
  return 'mp4';
}

/** WebM unless the EBML header names another doc type (plain Matroska is not accepted). */
function sniffEbml(head: Uint8Array): SourceFormat | null {
  for (let i = 4; i + 3 < head.length; i++) {
    if (head[i] !== 0x42 || head[i + 1] !== 0x82) continue;
    const sizeByte = head[i + 2] ?? 0;
    // A one-byte EBML size: the high bit marks the length, the rest is the value.
    if ((sizeByte & 0x80) === 0) break;
    const docType = ascii(head, i + 3, sizeByte & 0x7f);
    return docType === 'webm' ? 'webm' : null;
  }
  return 'webm';
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (start + length > bytes.length) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset] ?? 0) * 0x1000000 +
      ((bytes[offset + 1] ?? 0) << 16) +
      ((bytes[offset + 2] ?? 0) << 8) +
      (bytes[offset + 3] ?? 0)) >>>
    0
  );
}
