import { ratings } from '@jiffy/contracts';
import { z } from 'zod';
import type { GifStatus } from '../../platform/db/schema.ts';
import { wholeNumber } from '../../platform/http/input-schemas.ts';

/** Every status a GIF row can have; staff search finds removed and failed GIFs too. */
const gifStatuses = [
  'ready',
  'processing',
  'pending_review',
  'failed',
  'removed',
] as const satisfies readonly GifStatus[];
const yesNo = z.enum(['true', 'false']).transform((value) => value === 'true');
const day = z.iso.date('a date as YYYY-MM-DD');
/** A comma-separated list of statuses ("removed,failed"), each one Jiffy has. */
const statusList = z
  .string()
  .max(200)
  .transform((text) => text.split(',').map((s) => s.trim()))
  .pipe(z.array(z.enum(gifStatuses)).min(1).max(gifStatuses.length));

/**
 * The filters staff search by (`GET /api/v1/search-service/search/`, and the CSV calls): every
 * one optional; together they narrow (AND). `created_*` are whole UTC days, both inclusive.
 */
export const staffFilters = z.strictObject({
  q: z.string().trim().max(200).optional(),
  username: z.string().trim().min(1).max(50).optional(),
  rating: z.enum(ratings).optional(),
  type: z.enum(['gif', 'sticker', 'video']).optional(),
  status: statusList.optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2}$/, 'a two-letter language code')
    .optional(),
  has_reports: yesNo.optional(),
  flagged: yesNo.optional(),
  created_from: day.optional(),
  created_to: day.optional(),
  min_bytes: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
  max_bytes: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
});
export type StaffFilters = z.infer<typeof staffFilters>;

/**
 * A page of the search: offset pages up to 10,000 results deep (past that, the CSV has them
 * all), 25 a page by default.
 */
export const staffSearchQuery = staffFilters.extend({
  offset: wholeNumber(0, 10_000).default(0),
  limit: wholeNumber(1, 100).default(25),
});
export type StaffSearchQuery = z.infer<typeof staffSearchQuery>;

/** The CSV calls: the filters, and `email` to have the file written by a job and sent as a link. */
export const staffCsvQuery = staffFilters.extend({
  email: z.union([z.boolean(), yesNo]).default(false),
});

/** `GET /api/v1/search-service/exports/:name`: an e-mailed export's file name. */
export const exportParams = z.object({ name: z.string().max(120) });
