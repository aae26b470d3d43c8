import type { NewGif } from '../src/platform/db/schema.ts';
import type { GifRepository } from '../src/modules/gifs/gif.repository.ts';

/**
 * Inserts a ready GIF row straight into the database, for tests of what lists and searches
 * return (the media pipeline has tests of its own). `row` overrides any default.
 */
export async function insertGifRow(
  gifs: GifRepository,
  row: Partial<NewGif> & { id: string },
): Promise<void> {
  await gifs.insert({
    slug: row.id,
    title: '',
    alt_text: '',
    type: 'gif',
    rating: 'g',
    status: 'ready',
    tags: [],
    source_post_url: null,
    source_image_url: null,
    user_id: null,
    failure_code: null,
    failure_message: null,
    source_format: 'gif',
    width: 100,
    height: 100,
    frames: 2,
    duration_ms: 200,
    has_alpha: false,
    original_bytes: 1,
    original_key: null,
    content_sha256: null,
    phash: null,
    ready_at: null,
    trending_at: null,
    ...row,
  });
}
