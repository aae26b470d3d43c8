import { z } from 'zod';

/** Longest clip one trim answers: a GIF maker's loop, not a video editor's export. */
export const MAX_TRIM_SECONDS = 15;

/**
 * A number written in a query string or a form field ("1.5"), or sent as one in JSON, then
 * checked by `checks`. One preprocess around the checks, not a pipe after it: zod's JSON Schema
 * sees through a preprocess to say the field is required, but not through a pipe of pipes.
 */
const seconds = (checks: z.ZodNumber) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    checks,
  );

/**
 * `GET`/`POST /imaging/trim`: the source (`media_url`, or a multipart `file` checked by
 * the route), where to start, how long, and what to answer in. Strict: an unknown field is a
 * mistake worth saying (`strt=2` would otherwise trim from 0).
 */
export const trimInputSchema = z
  .object({
    media_url: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'must be an http(s) URL')
      .optional(),
    start: seconds(z.number().min(0, 'start must be 0 or more')),
    duration: seconds(
      z
        .number()
        .gt(0, 'duration must be more than 0')
        .max(MAX_TRIM_SECONDS, `duration is at most ${MAX_TRIM_SECONDS} s`),
    ),
    format: z.enum(['mp4', 'gif']).default('mp4'),
  })
  .strict();

export type TrimInput = z.infer<typeof trimInputSchema>;
