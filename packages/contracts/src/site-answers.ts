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
