import sharp from 'sharp';

/**
 * Empties libvips' operation cache (sharp's), keeping its limits: what it holds is the last
 * images' work, of no use to a server gone quiet, and its memory can then go back with the
 * C heap's.
 */
export function emptyImageCache(): void {
  const { memory, files, items } = sharp.cache();
  sharp.cache(false);
  sharp.cache({ memory: memory.max, files: files.max, items: items.max });
}
