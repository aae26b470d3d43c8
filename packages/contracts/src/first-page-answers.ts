import { z } from 'zod';
import { gifListAnswer } from './public-answers.ts';
import { siteData } from './site-answers.ts';

/**
 * `GET /ajax/first-page/{view}`: the data a `/` or `/search/:term` page view was written from
 * (its grids' first pages as the API answers them, with the view's response id, and the
 * TanStack Query answers shown above them), for the site to start from.
 */
export const firstPageDataAnswer = siteData(
  z.object({
    path: z.string(),
    lists: z.record(z.string(), gifListAnswer),
    queries: z.array(z.object({ key: z.array(z.unknown()), data: z.unknown() })),
  }),
);
