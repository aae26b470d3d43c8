import { demoClipRows } from './demo-catalog-clips.ts';
import { demoGifRows } from './demo-catalog-gifs.ts';
import { demoStickerRows } from './demo-catalog-stickers.ts';
import type { DemoAspect, DemoItem } from './demo-catalog-types.ts';

export { demoUsers } from './demo-catalog-users.ts';
export type * from './demo-catalog-types.ts';
export { demoRatings } from './demo-catalog-types.ts';

// GIF tiles cycle through shapes so grids and masonry layouts get mixed heights;
// landscape comes up twice because that is what most real GIFs are.
const gifAspects: readonly DemoAspect[] = ['landscape', 'square', 'portrait', 'landscape'];

/** "Fishing for Compliments" → "fishing-for-compliments". */
function toKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Takes one row from each uploader in turn, so the seeded feed (newest first) shows a mix
 * of creators instead of one creator's whole channel in a block.
 */
function interleave<Row>(byUser: Readonly<Record<string, readonly Row[]>>): [string, Row][] {
  const queues = Object.entries(byUser).map(([username, rows]) => ({ username, rows: [...rows] }));
  const out: [string, Row][] = [];
  while (queues.some((q) => q.rows.length > 0)) {
    for (const queue of queues) {
      const row = queue.rows.shift();
      if (row !== undefined) out.push([queue.username, row]);
    }
  }
  return out;
}

/**
 * The demo library seeded on first start: at least 60 GIFs, then at least 20 stickers, then
 * a few clips with sound, in a fixed order. Clips come last so an instance whose seed stopped
 * part-way (progress is a count in this order) resumes onto the same items.
 * Pure and deterministic; returns fresh objects on every call.
 */
export function demoCatalog(): DemoItem[] {
  const gifs = interleave(demoGifRows).map(
    ([username, [title, tags, scene, palette, extra = {}]], index): DemoItem => ({
      key: toKey(title),
      title,
      tags: tags.split(' '),
      rating: extra.rating ?? 'g',
      username,
      kind: 'gif',
      visual: {
        scene,
        palette,
        aspect: extra.aspect ?? gifAspects[index % gifAspects.length] ?? 'landscape',
        speed: extra.speed ?? 'normal',
        format: 'gif',
        ...(extra.shape === undefined ? {} : { shape: extra.shape }),
        ...(extra.mood === undefined ? {} : { mood: extra.mood }),
      },
    }),
  );
  const stickers = interleave(demoStickerRows).map(
    ([username, [title, tags, scene, palette, extra = {}]]): DemoItem => ({
      key: toKey(title),
      title,
      tags: tags.split(' '),
      rating: extra.rating ?? 'g',
      username,
      kind: 'sticker',
      visual: {
        scene,
        palette,
        // Stickers sit inline in chats, where a square box is the norm.
        aspect: extra.aspect ?? 'square',
        speed: extra.speed ?? 'normal',
        format: extra.format ?? 'gif',
        ...(extra.mood === undefined ? {} : { mood: extra.mood }),
      },
    }),
  );
  const clips = interleave(demoClipRows).map(
    ([username, [title, tags, scene, palette, sound, seconds, extra = {}]]): DemoItem => ({
      key: toKey(title),
      title,
      tags: tags.split(' '),
      rating: extra.rating ?? 'g',
      username,
      kind: 'clip',
      visual: {
        scene,
        palette,
        // Clips are 16:9, like the videos they stand in for.
        aspect: 'landscape',
        speed: extra.speed ?? 'normal',
        format: 'mp4',
        sound,
        seconds,
        ...(extra.shape === undefined ? {} : { shape: extra.shape }),
        ...(extra.mood === undefined ? {} : { mood: extra.mood }),
      },
    }),
  );
  return [...gifs, ...stickers, ...clips];
}
