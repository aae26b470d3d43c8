import { z } from 'zod';

/** GIPHY's `meta` block; `response_id` is never empty on success. */
export const metaSchema = z.object({
  status: z.number().int(),
  msg: z.string(),
  response_id: z.string(),
  /** Jiffy's stable error code, present on errors only. */
  error_code: z.string().optional(),
});
export type Meta = z.infer<typeof metaSchema>;

/** GIPHY's `pagination` block. */
export const paginationSchema = z.object({
  total_count: z.number().int(),
  count: z.number().int(),
  offset: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A public API answer: `{ data, pagination?, meta }`. */
export interface Envelope<T> {
  data: T;
  pagination?: Pagination;
  meta: Meta;
}
