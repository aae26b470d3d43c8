import { open } from 'node:fs/promises';

/**
 * Sets the duration of an animated WebP's last frame (its last ANMF chunk) in place.
 * libwebp_anim knows no frame's duration but from the next frame's timestamp, and gives the
 * last one the average of the others (a 1 s pause at the end became 427 ms); the source's own
 * last delay is known from its probe. A file without frames is left as it is.
 */
export async function setWebpLastDelay(file: string, delayMs: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    const header = Buffer.alloc(12);
    await handle.read(header, 0, 12, 0);
    if (header.toString('latin1', 0, 4) !== 'RIFF' || header.toString('latin1', 8, 12) !== 'WEBP')
      return;
    const end = Math.min(8 + header.readUInt32LE(4), (await handle.stat()).size);
    const chunk = Buffer.alloc(8);
    let last = -1;
    for (let offset = 12; offset + 8 <= end;) {
      await handle.read(chunk, 0, 8, offset);
      const size = chunk.readUInt32LE(4);
      if (chunk.toString('latin1', 0, 4) === 'ANMF' && size >= 16) last = offset + 8;
      offset += 8 + size + (size % 2);
    }
    if (last < 0) return;
    // ANMF payload: X, Y, width − 1, height − 1 (3 bytes each), then the duration (3 bytes).
    const duration = Buffer.alloc(3);
    duration.writeUIntLE(Math.min(Math.round(delayMs), 0xffffff), 0, 3);
    await handle.write(duration, 0, 3, last + 12);
  } finally {
    await handle.close();
  }
}
