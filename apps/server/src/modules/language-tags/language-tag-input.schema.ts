import { z } from 'zod';
import { gifId } from '../../platform/http/input-schemas.ts';

/** The same caps as an upload's tags (gifs/upload-input.schema.ts), per GIF and language. */
export const MAX_LANGUAGE_TAGS = 30;
export const MAX_TAG_LENGTH = 64;
const MAX_BULK_IDS = 100;

/**
 * A language code as GIPHY's `lang` (ISO 639-1, maybe with a region: `pt-BR`), kept as its
 * language: jiffy_search_config stems by that part only. Whether the database stems it is
 * checked by the service.
 */
export const languageCode = z
  .string()
  .trim()
  .regex(/^[a-z]{2}(?:-[a-z0-9]{2,8})?$/i, 'a language code such as es or pt-BR')
  .transform((v) => v.split('-')[0]!.toLowerCase());

const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'a tag is not empty')
  .max(MAX_TAG_LENGTH, `tags are at most ${MAX_TAG_LENGTH} characters`);

/** Tags as a JSON array or comma-separated (as uploads take them), trimmed and de-duplicated. */
const tagList = z
  .union([
    z.array(z.string().max(4000)).max(MAX_LANGUAGE_TAGS, `at most ${MAX_LANGUAGE_TAGS} tags`),
    z.string().max(4000),
  ])
  .transform((v) => (typeof v === 'string' ? v.split(',') : v).map((t) => t.trim()).filter(Boolean))
  .pipe(z.array(tag).min(1, 'at least one tag').max(MAX_LANGUAGE_TAGS))
  .transform((tags) => [...new Set(tags)]);

/** `POST /ajax/gif/:id/language-tags`. */
export const addLanguageTagsBody = z.strictObject({ lang: languageCode, tags: tagList });

/** `DELETE /ajax/gif/:id/language-tags?tag&lang`. */
export const removeLanguageTagQuery = z.object({ lang: languageCode, tag });

/** `GET /ajax/gif/bulk/language-tags?gif_ids&lang`: ids comma-separated. */
export const bulkLanguageTagsQuery = z.object({
  lang: languageCode,
  gif_ids: z
    .string()
    .max(MAX_BULK_IDS * 40)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z.array(gifId).min(1, 'at least one GIF id').max(MAX_BULK_IDS, `at most ${MAX_BULK_IDS} ids`),
    ),
});
