import type { ByteRange } from '../../platform/storage/blob-storage.ts';

/**
 * Parses a single-range `Range: bytes=...` header against a file of `size` bytes. Returns null
 * to serve the whole file (absent, malformed or multi-range headers, as RFC 9110 allows), or
 * 'unsatisfiable' for a well-formed range that misses the file.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  if (startText === '') {
    // Suffix range: the last N bytes.
    const length = Number(endText);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
