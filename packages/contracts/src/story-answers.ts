import { z } from 'zod';
import { giphyEnvelopeSchema } from './envelope.ts';
import { gifSchema, gifUserSchema } from './gif.ts';

/**
 * What the service gateway's calls answer (`/x/v1/stories`, `/x/v1/schedule`, `/x/v1/activity`):
 * GIPHY's `{ data, meta }` envelope around stories and the trending schedule.
 */
const isoTime = z.string().meta({ description: 'ISO 8601, UTC' });

/** A story: a titled, ordered set of GIFs with captions and links. */
export const storySchema = z
  .object({
    story_id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    cover_gif: gifSchema.nullable(),
    /** Left out when only the cover was asked for (`gif_hydration_method=COVER_ONLY`). */
    gifs: z
      .array(z.object({ gif: gifSchema, caption: z.string(), link: z.string().nullable() }))
      .optional(),
    user: gifUserSchema.nullable(),
    tags: z.array(z.string()),
    is_published: z.boolean(),
    publish_datetime: isoTime.nullable(),
    create_datetime: isoTime.nullable(),
    update_datetime: isoTime.nullable(),
  })
  .meta({ id: 'Story' });
export type StoryObject = z.infer<typeof storySchema>;

/** A story on trending stories, and its time there. */
export const trendingStorySchema = z.object({
  trending_story: z.object({ story_id: z.string(), publish_datetime: isoTime.nullable() }),
  story: storySchema,
});
export type TrendingStoryObject = z.infer<typeof trendingStorySchema>;

export const storyAnswer = giphyEnvelopeSchema(storySchema);
export const storiesAnswer = giphyEnvelopeSchema(z.array(storySchema));
/** A page of stories, and the cursor of the next (null on the last). */
export const storyPageAnswer = giphyEnvelopeSchema(z.array(storySchema)).extend({
  next_cursor: z.string().nullable(),
});
export const trendingStoriesAnswer = giphyEnvelopeSchema(z.array(trendingStorySchema));
export const trendingStoryAnswer = giphyEnvelopeSchema(trendingStorySchema);

const gifType = z.enum(['gif', 'sticker', 'video']);
const who = z.object({ id: z.string(), username: z.string() }).nullable();

/** A GIF scheduled onto trending for a window. */
export const scheduledItemSchema = z.object({
  id: z.string(),
  gif_id: z.string(),
  type: gifType,
  is_sticker: z.boolean(),
  trending_datetime: isoTime.nullable(),
  end_datetime: isoTime.nullable(),
  window_minutes: z.number().int(),
  created_by: who,
  create_datetime: isoTime.nullable(),
});
export type ScheduledItem = z.infer<typeof scheduledItemSchema>;

/** One entry of the scheduler's activity log. */
export const scheduleActivitySchema = z.object({
  id: z.string(),
  action: z.enum(['scheduled', 'removed']),
  schedule_id: z.string(),
  gif_id: z.string(),
  type: gifType,
  is_sticker: z.boolean(),
  trending_datetime: isoTime.nullable(),
  end_datetime: isoTime.nullable(),
  actor: who,
  datetime: isoTime.nullable(),
});
export type ScheduleActivity = z.infer<typeof scheduleActivitySchema>;

export const scheduledItemsAnswer = giphyEnvelopeSchema(z.array(scheduledItemSchema));
export const schedulePageAnswer = giphyEnvelopeSchema(z.array(scheduledItemSchema), {
  paginated: true,
});
export const scheduleActivityAnswer = giphyEnvelopeSchema(z.array(scheduleActivitySchema));
