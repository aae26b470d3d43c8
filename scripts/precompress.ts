// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each text asset
// of a build, so the server sends them as they are (@fastify/static's preCompressed) instead of
// compressing on every request or not at all. Run by each package's build after Vite:
//
//   node ../../scripts/precompress.ts dist/assets [more files or folders…]
//
// A compressed copy no smaller than its file is not written (the server then sends the file).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What is worth compressing: text. Images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

export interface Compressed {
  file: string;
  raw: number;
  br: number;
  gzip: number;
}

/** Brotli at its best quality for text: built once, read many times. */
export function brotli(bytes: Buffer): Buffer {
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

export function gzip(bytes: Buffer): Buffer {
  return zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/** Compresses one file in place (its `.br` and `.gz` beside it); returns the sizes. */
export function precompressFile(file: string): Compressed {
  const bytes = fs.readFileSync(file);
  const sizes: Compressed = { file, raw: bytes.length, br: bytes.length, gzip: bytes.length };
  for (const [suffix, compress, key] of [
    ['.br', brotli, 'br'],
    ['.gz', gzip, 'gzip'],
  ] as const) {
    const out = compress(bytes);
    if (out.length < bytes.length) {
      fs.writeFileSync(file + suffix, out);
      sizes[key] = out.length;
    } else {
      fs.rmSync(file + suffix, { force: true });
    }
  }
  return sizes;
}

/** Every compressible file under `target` (a file or a folder), compressed. */
export function precompress(target: string): Compressed[] {
  const stat = fs.statSync(target);
  if (stat.isFile()) return COMPRESSIBLE.test(target) ? [precompressFile(target)] : [];
  return fs
    .readdirSync(target, { withFileTypes: true })
    .flatMap((entry) => precompress(path.join(target, entry.name)));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const targets = process.argv.slice(2);
  if (targets.length === 0) {
    console.error('usage: node scripts/precompress.ts <file or folder>…');
    process.exit(2);
  }
  const done = targets.flatMap((target) => precompress(target));
  const total = done.reduce(
    (sum, f) => ({ raw: sum.raw + f.raw, br: sum.br + f.br, gzip: sum.gzip + f.gzip }),
    { raw: 0, br: 0, gzip: 0 },
  );
  console.log(
    `precompressed ${done.length} files in ${targets.join(' ')}: ${kb(total.raw)} → br ${kb(total.br)}, gzip ${kb(total.gzip)}`,
  );
}
