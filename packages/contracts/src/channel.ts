import { z } from 'zod';
import { gifSchema, gifUserSchema } from './gif.ts';

/** A channel as its parent and ancestors are shown: enough for a link and a breadcrumb. */
export const channelLinkSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    /** `username/slug/...`: the channel's page is `/<path>`, and `?slug=` takes it. */
    path: z.string(),
    display_name: z.string(),
  })
  .meta({ id: 'ChannelLink' });
export type ChannelLink = z.infer<typeof channelLinkSchema>;

/** One of a channel's ranked tags (the tabs on its page), best first. */
export const channelRankedTagSchema = z.object({
  id: z.number(),
  tag: z.string(),
  rank: z.number(),
});
export type ChannelRankedTag = z.infer<typeof channelRankedTagSchema>;

/** One of a channel's magic tags: GIFs with the tag join the channel by themselves. */
export const channelMagicTagSchema = z.object({ id: z.number(), tag: z.string() });
export type ChannelMagicTag = z.infer<typeof channelMagicTagSchema>;

/** A channel in GIPHY's channel object shape, plus Jiffy's `path` and `is_root`. */
export const channelObjectSchema = channelLinkSchema
  .extend({
    url: z.string(),
    short_display_name: z.string(),
    description: z.string(),
    type: z.enum(['community', 'editorial']),
    content_type: z.literal('gif'),
    /** The banner GIF's still, or null. */
    banner_image: z.string().nullable(),
    featured_gif: gifSchema.nullable(),
    user: gifUserSchema,
    parent: channelLinkSchema.nullable(),
    /** Root first, the parent last. */
    ancestors: z.array(channelLinkSchema),
    has_children: z.boolean(),
    is_visible: z.boolean(),
    is_private: z.boolean(),
    is_root: z.boolean(),
    tags: z.array(channelRankedTagSchema),
    /** Shown to whoever may manage the channel; empty for everyone else. */
    syncable_tags: z.array(channelMagicTagSchema),
  })
  .meta({ id: 'Channel' });
export type ChannelObject = z.infer<typeof channelObjectSchema>;

/** Where a channel job stands (`retrieve-job`); the site polls until `DONE` (or `FAILED`). */
export const channelJobStatusSchema = z.enum(['PENDING', 'STARTED', 'DONE', 'FAILED']);
export type ChannelJobStatus = z.infer<typeof channelJobStatusSchema>;
