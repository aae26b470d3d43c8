import { z } from 'zod';
import {
  channelJobStatusSchema,
  channelMagicTagSchema,
  channelObjectSchema,
  channelRankedTagSchema,
} from './channel.ts';
import { gifSchema } from './gif.ts';
import { siteData } from './site-answers.ts';

/**
 * What the site API's channel calls answer (`/api/v4/channels/`, `channel-gifs`,
 * `channel-ranked-tags`, `channel-magic-tags`): the response schemas of `/openapi.json`.
 */
export const channelAnswer = siteData(channelObjectSchema);
export const channelListAnswer = siteData(z.array(channelObjectSchema));

/**
 * The job that brings a channel's GIFs in line with a change (a magic tag, a moved or edited
 * channel); poll it with `retrieve-job`. Null when nothing needs doing.
 */
const flushUuid = z.string().nullable();
export const updatedChannelAnswer = z.object({ data: channelObjectSchema, flush_uuid: flushUuid });
export const deletedChannelAnswer = siteData(
  z.object({
    id: z.number().int(),
    /** The channel and every channel below it. */
    deleted_channels: z.array(z.number().int()),
  }),
);

/** A channel's feed: GIPHY's GIF objects and pagination, plus the next page's cursor. */
export const channelFeedAnswer = z.object({
  data: z.array(gifSchema),
  pagination: z.object({
    total_count: z.number().int(),
    count: z.number().int(),
    offset: z.number().int(),
    /** Null on the last page. */
    next_cursor: z.string().nullable(),
  }),
});

/** `GET /api/v4/channel-gifs/?gif=`: the channels each GIF is in (that the caller may see). */
export const gifChannelsAnswer = siteData(
  z.array(z.object({ gif_id: z.string(), channels: z.array(channelObjectSchema) })),
);
export const addedChannelGifsAnswer = siteData(
  z.object({
    channel: z.number().int(),
    gif: z.array(z.string()),
    /** The GIFs that were not in the channel before. */
    added: z.array(z.string()),
  }),
);
export const removedChannelGifsAnswer = siteData(
  z.object({ channel: z.number().int(), removed: z.array(z.string()) }),
);

/** A ranked or magic tag as the tag calls answer it: with its channel. */
export const channelRankedTagAnswerSchema = channelRankedTagSchema.extend({
  channel: z.number().int(),
});
export type ChannelRankedTagAnswer = z.infer<typeof channelRankedTagAnswerSchema>;
export const channelMagicTagAnswerSchema = channelMagicTagSchema.extend({
  channel: z.number().int(),
});
export type ChannelMagicTagAnswer = z.infer<typeof channelMagicTagAnswerSchema>;

/** The channel's ranked tags in their new order, ranked from 1. */
export const rankedTagsAnswer = siteData(z.array(channelRankedTagAnswerSchema));
export const deletedRankedTagAnswer = siteData(
  z.object({ id: z.number().int(), deleted: z.literal(true) }),
);
export const magicTagAnswer = z.object({
  data: channelMagicTagAnswerSchema,
  flush_uuid: flushUuid,
});
export const deletedMagicTagAnswer = siteData(
  z.object({
    id: z.number().int(),
    deleted: z.literal(true),
    /** GIFs that had joined by the tag alone and left with it. */
    gifs_removed: z.number().int(),
  }),
);
export const channelJobAnswer = siteData(
  z.object({ job: z.string(), status: channelJobStatusSchema }),
);
