import { z } from 'zod';
import { ratings } from './gif.ts';
import { siteData } from './site-answers.ts';

/**
 * What the editing and metadata calls answer (`/ajax/gif/update`, `/ajax/gifs/metadata`,
 * `extended-metadata`, `trending`, `tag-counts`, `/api/v1/users/me/gifs`, language tags).
 */
const isoTime = z.string().meta({ description: 'ISO 8601' });
const gifType = z.enum(['gif', 'sticker', 'video']);
const gifStatus = z.enum(['processing', 'ready', 'failed', 'removed', 'pending_review']);

/** The fields an edit can change, as the edit call names them. */
export const editableGifSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  alt_text: z.string(),
  source_post_url: z.string().nullable(),
  rating: z.enum(ratings),
  is_sticker: z.boolean(),
  lang: z.string(),
  visibility: z.enum(['public', 'unlisted']),
});
export type EditableGif = z.infer<typeof editableGifSchema>;
export const gifEditAnswer = siteData(editableGifSchema.extend({ changed: z.boolean() }));

/** What anyone may see of a ready GIF: its editable fields, uploader and size. */
export const gifMetadataSchema = editableGifSchema.extend({
  type: gifType,
  username: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: isoTime.nullable(),
});
export type GifMetadata = z.infer<typeof gifMetadataSchema>;
export const gifMetadataAnswer = siteData(z.array(gifMetadataSchema));

/** The owner's and staff's view: source and media facts, hashes, counters and history. */
export const extendedGifMetadataSchema = gifMetadataSchema.extend({
  status: gifStatus,
  failure_code: z.string().nullable(),
  source: z.object({
    format: z.string().nullable(),
    image_url: z.string().nullable(),
    post_url: z.string().nullable(),
    bytes: z.number().nullable(),
  }),
  frames: z.number().int().nullable(),
  duration_ms: z.number().nullable(),
  has_alpha: z.boolean().nullable(),
  sha256: z.string().nullable(),
  phash: z.string().nullable(),
  counters: z.object({
    views: z.number(),
    clicks: z.number(),
    shares: z.number(),
    favorites: z.number(),
  }),
  reports: z.object({ total: z.number(), open: z.number() }),
  ready_at: isoTime.nullable(),
  updated_at: isoTime.nullable(),
  moderation_history: z.array(
    z.object({
      action: z.string(),
      /** Staff only. */
      actor: z.object({ id: z.string(), username: z.string().nullable() }).nullable().optional(),
      before: z.unknown(),
      after: z.unknown(),
      created_at: isoTime.nullable(),
    }),
  ),
});
export type ExtendedGifMetadata = z.infer<typeof extendedGifMetadataSchema>;
export const extendedGifMetadataAnswer = siteData(z.array(extendedGifMetadataSchema));

/** Whether a GIF is trending, where, and since when. */
export const trendingPlaceSchema = z.object({
  id: z.string(),
  is_trending: z.boolean(),
  /** 1-based place among ready GIFs of its type; null past the top. */
  rank: z.number().int().nullable(),
  trending_score: z.number(),
  trending_since: isoTime.nullable(),
});
export type TrendingPlaceObject = z.infer<typeof trendingPlaceSchema>;
export const trendingPlacesAnswer = siteData(z.array(trendingPlaceSchema));

/** How many ready GIFs carry each of a GIF's tags. */
export const tagCountsAnswer = siteData(
  z.array(z.object({ tag: z.string(), count: z.number().int() })),
);

/** One of the owner's GIFs: its editable fields and state. */
export const ownGifSchema = editableGifSchema.extend({
  type: gifType,
  status: gifStatus,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: isoTime.nullable(),
  preview_url: z.string().nullable(),
});
export type OwnGifObject = z.infer<typeof ownGifSchema>;
export const ownGifsAnswer = z.object({
  data: z.array(ownGifSchema),
  pagination: z.object({ count: z.number().int(), next_cursor: z.string().nullable() }),
});

/** A GIF's tags in one language. */
export const languageTagsSchema = z.object({
  gif_id: z.string(),
  lang: z.string(),
  tags: z.array(z.string()),
});
export const languageTagsAnswer = siteData(languageTagsSchema);
export const bulkLanguageTagsAnswer = siteData(z.array(languageTagsSchema));
/** A language this instance's search stems: its code (GIPHY's `lang`) and its English name. */
export const instanceLanguageSchema = z.object({
  code: z.string().meta({ description: "ISO 639-1, as GIPHY's `lang`" }),
  name: z.string(),
});
export type InstanceLanguage = z.infer<typeof instanceLanguageSchema>;
/** Every language a GIF's title, tags and language tags are stemmed in here, by name. */
export const instanceLanguagesAnswer = siteData(z.array(instanceLanguageSchema));
/** A GIF's tags in every language, its own language's first. */
export const tagTranslationsAnswer = siteData(
  z.object({
    gif_id: z.string(),
    lang: z.string(),
    translations: z.record(z.string(), z.array(z.string())),
  }),
);
