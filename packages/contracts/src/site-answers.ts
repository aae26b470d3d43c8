import { z } from 'zod';
import { gifSchema } from './gif.ts';

/**
 * What the site API's calls answer (`{ data }`): the response schemas of `/openapi.json` for
 * `/api`, `/ajax`, `/login` and `/imaging`, which the contract test holds real answers to.
 */
export const siteData = <T extends z.ZodType>(data: T) => z.object({ data });

const problem = z.object({ code: z.string(), message: z.string() });

/** `GET /api/v1/uploads/{id}`: where an upload stands. */
export const uploadStatusAnswer = siteData(
  z.object({
    id: z.string(),
    status: z.enum(['processing', 'ready', 'failed', 'removed', 'pending_review']),
    error: problem.nullable(),
    renditions_complete: z.boolean(),
    renditions_error: problem.nullable(),
    gif: gifSchema.nullable(),
  }),
);

/** `POST /api/v1/uploads`: the new (or already there) GIF's id. */
export const siteUploadAnswer = siteData(z.object({ id: z.string() }));

/** The signed-in user as they see their own account. */
export const selfSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    display_name: z.string(),
    email: z.string().nullable(),
    role: z.enum(['user', 'creator', 'moderator', 'admin']),
    is_verified: z.boolean(),
  })
  .meta({ id: 'Self' });

/** An account call that only says where it got to (`confirmation_sent`, `signed_out`…). */
export const accountStatusAnswer = siteData(
  z.object({ status: z.string(), api_tokens_revoked: z.number().int().optional() }),
);
/** `POST /api/v3/register/confirm`: the address is confirmed and its account signed in. */
export const confirmAnswer = siteData(
  z.object({ status: z.literal('confirmed'), user: selfSchema }),
);
export const loginAnswer = siteData(
  z.object({ user: selfSchema, login_type: z.string().nullable() }),
);
export const sessionAnswer = siteData(
  z.union([
    z.object({ logged_in: z.literal(true), user: selfSchema }),
    z.object({ logged_in: z.literal(false), user: z.null() }),
  ]),
);
export const buildAnswer = siteData(
  z.object({ name: z.string(), version: z.string(), node: z.string() }),
);

/** The signed-in user's favorites, newest first, in GIPHY's GIF shape. */
export const favoritesAnswer = z.object({
  data: z.array(gifSchema),
  pagination: z.object({ total_count: z.number(), count: z.number(), offset: z.number() }),
});
export const favoriteAnswer = siteData(z.object({ gif_id: z.string(), favorite: z.boolean() }));

const isoTime = z.string().meta({ description: 'ISO 8601' });
export const personalTokensAnswer = siteData(
  z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      created_at: isoTime,
      last_used_at: isoTime.nullable(),
    }),
  ),
);
/** The new token: its secret is shown this once. */
export const newPersonalTokenAnswer = siteData(
  z.object({ id: z.string(), name: z.string(), token: z.string() }),
);
export const revokedTokenAnswer = siteData(z.object({ id: z.string(), revoked: z.literal(true) }));
export const apiKeysAnswer = siteData(
  z.array(z.object({ key: z.string(), name: z.string(), created_at: isoTime })),
);
export const newApiKeyAnswer = siteData(z.object({ key: z.string(), name: z.string() }));
export const revokedApiKeyAnswer = siteData(
  z.object({ key: z.string(), revoked: z.literal(true) }),
);

const count = z.number().int();
export const instanceStatsAnswer = siteData(
  z.object({
    gifs: z.object({ processing: count, ready: count, failed: count, removed: count }),
    ready_by_type: z.object({ gif: count, sticker: count, video: count }),
    renditions_pending: count,
  }),
);

/** A signed-in user's application to become a verified creator, as filed or decided. */
export const creatorApplicationAnswer = siteData(
  z.object({ id: z.string(), status: z.enum(['pending', 'approved', 'rejected']) }),
);
/** The applications waiting for review, oldest first (moderators). */
export const pendingApplicationsAnswer = siteData(
  z.array(
    z.object({
      id: z.string(),
      message: z.string(),
      portfolio_url: z.string().nullable(),
      created_at: isoTime,
      user_id: z.string(),
      username: z.string(),
    }),
  ),
);
/** The longest note a moderator may write to an applicant with a decision. */
export const DECISION_NOTE_MAX = 500;
/**
 * The caller's latest application, whatever became of it (`null` when they never applied):
 * what `/apply` shows instead of the form while one waits.
 */
export const myApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
  /** What the moderator who decided it wrote to the applicant; null without a note. */
  decision_note: z.string().nullable(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationAnswer = siteData(myApplicationSchema.nullable());
