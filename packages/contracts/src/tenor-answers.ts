import { z } from 'zod';

/**
 * Tenor's content formats (API v2's `media_filter` names). WebM and the 90 px "nano" sizes are
 * made on first request; the transparent ones are for stickers only.
 */
export const tenorFormats = [
  'preview',
  'gif',
  'mediumgif',
  'tinygif',
  'nanogif',
  'mp4',
  'loopedmp4',
  'tinymp4',
  'nanomp4',
  'webm',
  'tinywebm',
  'nanowebm',
  'webp',
  'tinywebp',
  'nanowebp',
  'gif_transparent',
  'tinygif_transparent',
  'nanogif_transparent',
  'webp_transparent',
  'tinywebp_transparent',
  'nanowebp_transparent',
] as const;
export type TenorFormat = (typeof tenorFormats)[number];

/** Tenor's media object: one format of one post. */
export const tenorMediaSchema = z
  .object({
    url: z.string(),
    dims: z.tuple([z.number().int(), z.number().int()]),
    /** Seconds one loop lasts; 0 for a still. */
    duration: z.number(),
    /** Bytes; 0 for a rendition made on first request that nobody asked for yet. */
    size: z.number().int(),
    preview: z.string(),
  })
  .meta({ id: 'TenorMedia' });
export type TenorMedia = z.infer<typeof tenorMediaSchema>;

/** Tenor's response object for one post. */
export const tenorResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    content_description: z.string(),
    itemurl: z.string(),
    url: z.string(),
    tags: z.array(z.string()),
    /** Seconds since the epoch (a float, as Tenor sends it). */
    created: z.number(),
    hasaudio: z.boolean(),
    hascaption: z.boolean(),
    flags: z.array(z.string()),
    bg_color: z.string(),
    media_formats: z.partialRecord(z.enum(tenorFormats), tenorMediaSchema),
  })
  .meta({ id: 'TenorResult' });
export type TenorResult = z.infer<typeof tenorResultSchema>;

/** `search` and `featured`: a page of posts and the `pos` that goes on from it ("" at the end). */
export const tenorPageAnswer = z.object({ results: z.array(tenorResultSchema), next: z.string() });
/** `posts`: the posts asked for that exist, in the order asked. */
export const tenorPostsAnswer = z.object({ results: z.array(tenorResultSchema) });
export const tenorCategorySchema = z.object({
  searchterm: z.string(),
  /** The search that shows the category (a `/v2/search?…` path). */
  path: z.string(),
  /** A GIF picturing it. */
  image: z.string(),
  name: z.string(),
});
export const tenorCategoriesAnswer = z.object({
  locale: z.string(),
  tags: z.array(tenorCategorySchema),
});
/** `autocomplete`, `search_suggestions` and `trending_terms`: search terms. */
export const tenorTermsAnswer = z.object({ locale: z.string(), results: z.array(z.string()) });
/** `registershare`: nothing to say. */
export const tenorShareAnswer = z.strictObject({});

/**
 * Tenor's error (Google's API error format): `code` the HTTP status, `status` Google's name for
 * it, and Jiffy's stable code as the `reason` of the ErrorInfo detail.
 */
export const tenorErrorSchema = z
  .object({
    error: z.object({
      code: z.number().int(),
      message: z.string(),
      status: z.string(),
      details: z.array(
        z.object({
          '@type': z.string(),
          reason: z.string(),
          domain: z.string(),
          metadata: z.object({ request_id: z.string() }),
        }),
      ),
    }),
  })
  .meta({ id: 'TenorError' });
export type TenorErrorBody = z.infer<typeof tenorErrorSchema>;
