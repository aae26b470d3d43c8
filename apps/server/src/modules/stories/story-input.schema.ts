import { z } from 'zod';
import { gifId, wholeNumber } from '../../platform/http/input-schemas.ts';
import { instant } from '../gateway/index.ts';

/**
 * Most items in a story: it is read by scrolling on a phone, one full-width GIF after another,
 * and a hundred is already a long article; it also bounds what one read presents (100 GIFs).
 */
export const MAX_STORY_ITEMS = 100;
/** A caption is a paragraph under a GIF, not an essay. */
export const MAX_CAPTION = 1000;
export const MAX_STORY_TAGS = 20;

const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} has at most ${max} characters`);

const link = z
  .url({ protocol: /^https?$/, error: 'an http(s) URL' })
  .max(2000, 'a link has at most 2000 characters');

export const storySlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters and digits joined by dashes')
  .max(80);

/**
 * A story as the editor saves it, with POST (new) or PUT (whole story again). `is_published`
 * true with no `publish_datetime` publishes now; with a future one it is scheduled.
 */
export const storyBody = z.strictObject({
  title: text(200, 'a title').min(1, 'a story needs a title'),
  slug: storySlug.optional(),
  description: text(2000, 'a description').default(''),
  cover_gif_id: gifId.nullable().default(null),
  tags: z
    .array(text(64, 'a tag').min(1).toLowerCase())
    .max(MAX_STORY_TAGS, `at most ${MAX_STORY_TAGS} tags`)
    .default([]),
  items: z
    .array(
      z.strictObject({
        gif_id: gifId,
        caption: text(MAX_CAPTION, 'a caption').default(''),
        link: link.nullable().default(null),
      }),
    )
    .max(MAX_STORY_ITEMS, `a story has at most ${MAX_STORY_ITEMS} GIFs`),
  is_published: z.boolean().default(false),
  publish_datetime: instant.nullable().default(null),
});
export type StoryInput = z.infer<typeof storyBody>;

export const storySlugParams = z.object({ slug: storySlug });

const hydration = z.enum(['ALL', 'COVER_ONLY']).default('ALL');
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `GET stories`: an author's (or everyone's) stories, newest first, a page at a time. */
export const storyListQuery = z.object({
  username: z.string().min(1).max(64).optional(),
  fetch_unpublished: flag.default(false),
  /** Jiffy's own: stories by staff only (moderators and admins), the site's /posts. */
  by_staff: flag.default(false),
  limit: wholeNumber(1, 50).default(25),
  next_cursor: z.string().max(500).optional(),
  gif_hydration_method: hydration,
});

/** `GET stories/partnerArtist` (limit 50 at most and by default); `ts` only busts caches. */
export const partnerArtistQuery = z.object({
  limit: wholeNumber(1, 10_000, ' (more than 50 count as 50)')
    .transform((n) => Math.min(n, 50))
    .default(50),
  since: instant.optional(),
  until: instant.optional(),
  ts: z.unknown().optional(),
  gif_hydration_method: hydration,
});

/** `GET stories/trending` (sort desc by default). */
export const trendingStoriesQuery = z.object({
  sort: z.enum(['desc', 'asc']).default('desc'),
  gif_hydration_method: hydration,
});

const storyId = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'not a story id');

/** `POST stories/trending`. */
export const trendingStoryBody = z.strictObject({
  trending_story: z.strictObject({
    story_id: storyId,
    publish_datetime: instant.nullable().default(null),
  }),
});

/**
 * `DELETE stories/trending` names its story as `?story_id=`, or in the body as the POST
 * does; `DELETE stories/trending/{id}` names it in the path.
 */
export const trendingStoryRemovalQuery = z.object({ story_id: storyId.optional() });
export const trendingStoryRemovalBody = z
  .strictObject({ trending_story: z.strictObject({ story_id: storyId }) })
  .optional();

export const readQuery = z.object({ gif_hydration_method: hydration });
