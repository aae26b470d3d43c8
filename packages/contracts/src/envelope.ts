import { z } from 'zod';

/** GIPHY's `meta` block; `response_id` is never empty on success. */
export const metaSchema = z
  .object({
    status: z.number().int(),
    msg: z.string(),
    response_id: z.string(),
    /** Jiffy's stable error code, present on errors only. */
    error_code: z.string().optional(),
  })
  .meta({ id: 'Meta' });
export type Meta = z.infer<typeof metaSchema>;

/** GIPHY's `pagination` block. */
export const paginationSchema = z
  .object({
    total_count: z.number().int(),
    count: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

/** A public API answer: `{ data, pagination?, meta }`. */
export interface Envelope<T> {
  data: T;
  pagination?: Pagination;
  meta: Meta;
}

/** GIPHY's success envelope around `data`, with `pagination` for lists that page. */
export const giphyEnvelopeSchema = <T extends z.ZodType>(
  data: T,
  options: { paginated?: boolean } = {},
) =>
  options.paginated
    ? z.object({ data, pagination: paginationSchema, meta: metaSchema })
    : z.object({ data, meta: metaSchema });

/** A public API error: `data` null and the stable code in `meta.error_code`. */
export const giphyErrorSchema = z
  .object({
    data: z.null(),
    meta: metaSchema.extend({ error_code: z.string() }),
  })
  .meta({ id: 'GiphyError' });

/** An error from the site API and the service gateway: `{ error: { code, message, request_id } }`. */
export const siteErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      request_id: z.string(),
      /** Which input was refused (`field`), or the address an account waits on (`email`). */
      details: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'SiteError' });
