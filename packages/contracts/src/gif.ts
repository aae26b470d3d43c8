import { z } from 'zod';
import { imagesSchema } from './images.ts';

/** The public fields of a user as a GIF object embeds them. */
export const gifUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    display_name: z.string(),
    description: z.string(),
    avatar_url: z.string(),
    banner_url: z.string(),
    profile_url: z.string(),
    website_url: z.string(),
    instagram_url: z.string(),
    is_verified: z.boolean(),
    is_public: z.boolean(),
    suppress_chrome: z.boolean(),
    attribution_display_name: z.string(),
  })
  .meta({ id: 'GifUser' });
export type GifUser = z.infer<typeof gifUserSchema>;

/** GIPHY's ratings, from the most to the least restrictive. */
export const ratings = ['g', 'pg', 'pg-13', 'r'] as const;
export type Rating = (typeof ratings)[number];

/** One file of a video: GIPHY's IURLAsset (numbers as numbers here, as GIPHY sends them). */
export const videoAssetSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
});

/**
 * GIPHY's `video` block of a clip (type 'video'): the playable files with sound by height
 * class ('360p', '480p', '720p') and `source`; no streaming manifests.
 */
export const videoSchema = z.object({
  assets: z.record(z.string(), videoAssetSchema),
  description: z.string(),
  dash_manifest_url: z.string(),
  hls_manifest_url: z.string(),
  native: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

/** The video a GIF was cut from (youtube or vimeo), for the player's 'Watch' button. */
export const externalMediaSchema = z.object({
  provider_name: z.enum(['youtube', 'vimeo']),
  asset_uid: z.string(),
  /** Second of the video the GIF starts at. */
  start: z.number(),
});
export type ExternalMedia = z.infer<typeof externalMediaSchema>;

/** A GIF object in GIPHY's shape (the fields the foundation serves; later issues add more). */
export const gifSchema = z
  .object({
    type: z.enum(['gif', 'sticker', 'video']),
    id: z.string(),
    slug: z.string(),
    url: z.string(),
    bitly_url: z.string(),
    bitly_gif_url: z.string(),
    embed_url: z.string(),
    username: z.string(),
    source: z.string(),
    source_tld: z.string(),
    source_post_url: z.string(),
    rating: z.enum(ratings),
    title: z.string(),
    alt_text: z.string(),
    is_sticker: z.union([z.literal(0), z.literal(1)]),
    tags: z.array(z.string()),
    import_datetime: z.string(),
    trending_datetime: z.string(),
    user: gifUserSchema.optional(),
    images: imagesSchema,
    /** Clips only, once their file with sound exists. */
    video: videoSchema.optional(),
    /** When the source is a youtube or vimeo video. */
    external_media: externalMediaSchema.optional(),
    /** A call to action set by the owner or a moderator. */
    cta: z.object({ link: z.string(), text: z.string() }).optional(),
    /** Opaque; sent back with every pingback about this GIF in this response. */
    analytics_response_payload: z.string(),
    analytics: z.object({
      onload: z.object({ url: z.string() }),
      onclick: z.object({ url: z.string() }),
      onsent: z.object({ url: z.string() }),
    }),
  })
  .meta({ id: 'Gif' });
export type Gif = z.infer<typeof gifSchema>;
