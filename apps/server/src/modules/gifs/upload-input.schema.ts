import { ratings } from '@jiffy/contracts';
import { z } from 'zod';
import type { UploadInput } from './upload.service.ts';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'must be an http(s) URL');

const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 64;

/** GIPHY sends tags comma-separated; they are trimmed, lowercased and de-duplicated here. */
const tagList = z
  .string()
  .max(4000)
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .refine((tags) => tags.length <= MAX_TAGS, `at most ${MAX_TAGS} tags`)
  .refine(
    (tags) => tags.every((t) => t.length <= MAX_TAG_LENGTH),
    `tags are at most ${MAX_TAG_LENGTH} characters`,
  );

/**
 * The fields of `POST /v1/gifs` (GIPHY's upload API plus title, rating and alt_text). Unknown
 * fields are ignored, as GIPHY ignores them.
 */
export const uploadFieldsSchema = z.object({
  api_key: z.string().max(256).optional(),
  source_image_url: httpUrl.optional(),
  tags: tagList.optional(),
  title: z.string().trim().max(140).optional(),
  alt_text: z.string().trim().max(500).optional(),
  source_post_url: httpUrl.optional(),
  username: z
    .string()
    .regex(/^[A-Za-z0-9_]{2,30}$/, 'letters, digits and underscores, 2–30 characters')
    .optional(),
  is_sticker: booleanish.optional(),
  rating: z.enum(ratings).optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, 'a language code such as en or pt-BR')
    .optional(),
});

export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/**
 * The site's upload form: the same fields, but no key and no uploader other than the session's;
 * the site sends only what it knows, so an unknown field is refused, not ignored.
 */
export const siteUploadFieldsSchema = uploadFieldsSchema
  .omit({ api_key: true, username: true })
  .strict();

/** The service's view of the fields, with defaults filled in. */
export function toUploadInput(fields: Partial<UploadFields>): UploadInput {
  return {
    title: fields.title ?? '',
    tags: fields.tags ?? [],
    sourcePostUrl: fields.source_post_url ?? null,
    isSticker: fields.is_sticker ?? false,
    rating: fields.rating ?? 'g',
    altText: fields.alt_text ?? '',
    username: fields.username ?? null,
    lang: fields.lang ?? 'en',
  };
}
