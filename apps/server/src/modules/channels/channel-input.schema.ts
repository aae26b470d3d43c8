import {
  CHANNEL_SLUG_PATTERN,
  CHANNEL_USERNAME_PATTERN,
  MAX_CHANNEL_DEPTH,
  MAX_CHANNEL_SLUG_LENGTH,
} from '@jiffy/contracts';
import { z } from 'zod';
import { gifId, wholeNumber } from '../../platform/http/input-schemas.ts';
import { decodeFeedCursor } from './feed-cursor.ts';

/** GIFs one call may add, remove or ask about: a page's worth, not a bulk import. */
export const MAX_GIFS_PER_CALL = 50;

/** A channel id (an integer, GIPHY's kind of channel id) in a path, query or body. */
export const channelId = wholeNumber(1, 2_147_483_647, ' (a channel id)');

export const channelIdParams = z.object({ id: channelId });

/** A slug, as `CHANNEL_SLUG_PATTERN` says (contracts' channel-path.ts: the site reads it too). */
export const channelSlug = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_CHANNEL_SLUG_LENGTH, `a slug is at most ${MAX_CHANNEL_SLUG_LENGTH} characters`)
  .regex(CHANNEL_SLUG_PATTERN, 'a slug is letters, digits and single hyphens');

const title = z.string().trim().min(1, 'a channel has a name').max(100, 'at most 100 characters');
const description = z.string().trim().max(1000, 'at most 1000 characters');
const optionalGif = gifId.nullable();
const channelType = z.enum(['community', 'editorial']);

/** `POST /api/v4/channels/`: `parent` defaults to the caller's root channel. */
export const createChannelBody = z.strictObject({
  parent: channelId.optional(),
  display_name: title,
  slug: channelSlug.optional(),
  description: description.default(''),
  banner_gif: optionalGif.default(null),
  featured_gif: optionalGif.default(null),
  is_visible: z.boolean().default(true),
  type: channelType.default('community'),
});

/** `PATCH /api/v4/channels/{id}/`: any of the fields, at least one. */
export const updateChannelBody = z
  .strictObject({
    display_name: title.optional(),
    slug: channelSlug.optional(),
    description: description.optional(),
    banner_gif: optionalGif.optional(),
    featured_gif: optionalGif.optional(),
    is_visible: z.boolean().optional(),
    type: channelType.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'nothing to change');

/** `POST /api/v4/channels/{id}/move/`. */
export const moveChannelBody = z.strictObject({
  position: z.enum(['before', 'after', 'first', 'last']),
  target_channel: channelId,
});

/**
 * `?slug=username/a/b`: a channel's path. At most the depth limit's slugs below the username,
 * so a 10,000-segment path is refused before any lookup.
 */
export const channelBySlugQuery = z.object({
  slug: z
    .string()
    .max(61 * (MAX_CHANNEL_DEPTH + 1), 'too long for a channel path')
    .transform((v) => v.replace(/^\/+|\/+$/g, '').split('/'))
    .pipe(
      z
        .tuple([z.string().regex(CHANNEL_USERNAME_PATTERN, 'not a username')], channelSlug)
        .refine(
          (parts) => parts.length <= MAX_CHANNEL_DEPTH + 1,
          `a channel path has at most ${MAX_CHANNEL_DEPTH} slugs below the username`,
        ),
    ),
});

/** `GET /api/v4/channels/{id}/feed/`: from `offset`, or after `cursor` (a page's `next_cursor`). */
export const feedQuery = z
  .object({
    limit: wholeNumber(1, 50).default(25),
    offset: wholeNumber(0, 100_000).default(0),
    cursor: z
      .string()
      .max(200, 'not a cursor this server made')
      .transform((value, ctx) => {
        const cursor = decodeFeedCursor(value);
        if (!cursor) ctx.addIssue({ code: 'custom', message: 'not a cursor this server made' });
        return cursor ?? z.NEVER;
      })
      .optional(),
    order: z.enum(['manual', 'newest']).default('manual'),
    /** A ranked tag's tab: only the GIFs with the tag. */
    tag: z.string().trim().toLowerCase().min(1).max(64).optional(),
  })
  .refine((q) => !(q.cursor && q.offset > 0), {
    message: 'give an offset or a cursor, not both',
    path: ['cursor'],
  });

/** One GIF id or a list of them (a JSON array, or comma-separated), distinct. */
const gifIdList = z
  .union([
    z.array(z.unknown()).max(MAX_GIFS_PER_CALL, `at most ${MAX_GIFS_PER_CALL} GIFs per call`),
    z.string().max(MAX_GIFS_PER_CALL * 65, `at most ${MAX_GIFS_PER_CALL} GIFs per call`),
  ])
  .transform((v) => (typeof v === 'string' ? v.split(',').map((id) => id.trim()) : v))
  .pipe(
    z
      .array(gifId)
      .min(1, 'at least one GIF')
      .max(MAX_GIFS_PER_CALL, `at most ${MAX_GIFS_PER_CALL} GIFs per call`),
  )
  .transform((ids) => [...new Set(ids)]);

/** `GET /api/v4/channel-gifs/?gif=a,b`. */
export const channelGifsQuery = z.object({ gif: gifIdList });

/**
 * `POST /api/v4/channel-gifs/`: adds the GIFs by hand. With `position` they are placed (first,
 * last, or before/after `target_gif`), which also reorders GIFs already there; without, new
 * ones go first and the others keep their place.
 */
export const addChannelGifsBody = z
  .strictObject({
    channel: channelId,
    gif: gifIdList,
    position: z.enum(['before', 'after', 'first', 'last']).optional(),
    target_gif: gifId.optional(),
  })
  .refine(
    (b) => (b.position === 'before' || b.position === 'after') === (b.target_gif !== undefined),
    {
      message: 'target_gif goes with position before or after, and only then',
      path: ['target_gif'],
    },
  );

/** `POST /api/v4/channel-gifs/remove/`. */
export const removeChannelGifsBody = z.strictObject({ channel: channelId, gif: gifIdList });

/** A channel tag: as GIF tags are kept (trimmed, lower-case), at most 64 characters. */
const channelTag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'a tag is not empty')
  .max(64, 'tags are at most 64 characters');

/** A ranked or magic tag's id in a path. */
export const tagIdParams = z.object({ id: wholeNumber(1, 2_147_483_647, ' (a tag id)') });

/** `POST /api/v4/channel-ranked-tags/` and `POST /api/v4/channel-magic-tags/`. */
export const addChannelTagBody = z.strictObject({ channel: channelId, tag: channelTag });

/** `PATCH /api/v4/channel-ranked-tags/{id}/`: the tag's new rank, 1 first. */
export const rerankBody = z.strictObject({ rank: z.number().int().min(1).max(1000) });

/** `GET /api/v4/channels/retrieve-job/?job=`. */
export const retrieveJobQuery = z.object({ job: z.string().min(1).max(64) });
