import { expect } from 'vitest';
import type { NewGif, NewRendition } from '../src/platform/db/schema.ts';
import { insertGifRow } from './gif-rows.ts';
import { startTestJiffy, type TestJiffy } from './test-jiffy.ts';

export interface TenorMediaBody {
  url: string;
  dims: [number, number];
  duration: number;
  size: number;
}
export interface TenorResultBody {
  id: string;
  title: string;
  content_description: string;
  itemurl: string;
  url: string;
  tags: string[];
  created: number;
  hasaudio: boolean;
  flags: string[];
  media_formats: Record<string, TenorMediaBody>;
}
export interface PageBody {
  results: TenorResultBody[];
  next: string;
}
export interface ErrorBody {
  error: { code: number; message: string; status: string; details: { reason: string }[] };
}

/** A picture's stored renditions, as the pipeline would have made them (rows only). */
function renditionRows(
  gifId: string,
  shape: { width: number; height: number; frames: number },
): NewRendition[] {
  const row = (name: string, format: string, width: number, height: number, frames: number) => ({
    gif_id: gifId,
    name,
    format,
    width,
    height,
    frames,
    bytes: width * height,
    sha256: `${gifId}-${name}-${format}`,
    storage_key: `gifs/${gifId}/${name}.${format}`,
  });
  const { width, height, frames } = shape;
  const fixedHeight = Math.round((200 * height) / width / 2) * 2;
  return [
    row('original', 'gif', width, height, frames),
    row('original', 'mp4', width, height, frames),
    row('original', 'webp', width, height, frames),
    row('original_still', 'gif', width, height, 1),
    row('fixed_width', 'gif', 200, fixedHeight, frames),
    row('fixed_width', 'mp4', 200, fixedHeight, frames),
    row('fixed_width', 'webp', 200, fixedHeight, frames),
    row('downsized', 'gif', width, height, frames),
    row('looping', 'mp4', width, height, frames * 25),
  ];
}

// What a Tenor client asks about: rows straight into the real database (the media pipeline and
// the files made on first request are tested in tenor-media.http.test.ts).
export const corpus: [string, Partial<NewGif>][] = [
  ['cat1', { title: 'Cat one', tags: ['cat', 'kitten'], alt_text: 'A cat naps' }],
  ['cat2', { title: 'Cat two', tags: ['cat', 'kitten'] }],
  ['cat3', { title: 'Cat three', tags: ['cat', 'funny'], rating: 'pg' }],
  ['cat4', { title: 'Cat four', tags: ['cat', 'funny'], rating: 'pg-13' }],
  ['cat5', { title: 'Cat five', tags: ['cat'], rating: 'r' }],
  ['cat6', { title: 'Cat six', tags: ['cat', 'kitten'] }],
  ['catsticker', { title: 'Cat sticker', tags: ['cat'], type: 'sticker' }],
  ['dogstill', { title: 'Dog still', tags: ['dog'] }],
  ['dogwide', { title: 'Dog wide', tags: ['dog'] }],
  ['dogmoving', { title: 'Dog moving', tags: ['dog'], duration_ms: 1500 }],
  ['dogsticker', { title: 'Dog sticker', tags: ['dog'], type: 'sticker' }],
];
const shapes: Record<string, { width: number; height: number; frames: number }> = {
  dogstill: { width: 300, height: 200, frames: 1 },
  dogwide: { width: 600, height: 100, frames: 4 },
  dogmoving: { width: 200, height: 150, frames: 15 },
  dogsticker: { width: 240, height: 240, frames: 6 },
};

/**
 * A Jiffy holding the corpus, with calls as a Tenor client makes them (`key` added unless
 * `key` is null) and a page reader that expects a 200.
 */
export type TenorJiffy = Awaited<ReturnType<typeof startTenorJiffy>>;

export async function startTenorJiffy(config: Record<string, string> = {}) {
  const t: TestJiffy = await startTestJiffy(config);
  const now = Date.now();
  for (const [index, [id, row]] of corpus.entries()) {
    await insertGifRow(t.jiffy.services.gifRepository, {
      id,
      created_at: new Date(now - index * 60_000),
      ...row,
    });
    const shape = shapes[id];
    if (shape) await t.jiffy.services.renditionRepository.upsertMany(renditionRows(id, shape));
  }
  const call = async <B>(url: string, key: string | null = t.apiKey) => {
    const sep = url.includes('?') ? '&' : '?';
    const response = await t.jiffy.app.inject(key === null ? url : `${url}${sep}key=${key}`);
    return { status: response.statusCode, body: response.json<B>(), headers: response.headers };
  };
  const page = async (url: string) => {
    const { status, body } = await call<PageBody>(url);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  return { t, call, page };
}
