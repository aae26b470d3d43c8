import { firstPageDataAnswer } from '@jiffy/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/errors/app-error.ts';
import { documented } from '../../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../../platform/http/parse-input.ts';
import type { FirstGifsService } from './first-gifs.service.ts';

/** A page view is named by its response id: 24 lowercase hex digits (lib/ids.ts). */
const firstPageParams = z.object({
  view: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .meta({ description: 'The page view, from the page’s `<meta name="jiffy-first-page">`.' }),
});

/**
 * `GET /ajax/first-page/{view}`: the data a page view the server wrote a first screen into (`/`,
 * a search, a trending page, a GIF's page) was written from,
 * which the site asks for once that page's first GIFs are painted instead of the page carrying
 * it (bench/web: 138 KB of JSON in the HTML held the first paint back). It is what the page
 * showed everyone (the site's default rating, nobody's own), so anyone may ask; a view the
 * server no longer keeps answers 404 `first_page_not_kept` and the site fetches its lists.
 */
export function firstPageDataRoutes(
  app: FastifyInstance,
  deps: { firstGifs: FirstGifsService },
): void {
  const firstPage = documented({
    auth: 'anonymous',
    summary: 'The first page’s data of a home or search page view',
    description:
      'Kept for a minute after the page is answered, on the node that answered it; then 404.',
    tags: ['Discovery'],
    params: firstPageParams,
    responses: { 200: firstPageDataAnswer },
  });
  app.get('/ajax/first-page/:view', firstPage, async (request, reply) => {
    const { view } = parseInput(firstPageParams, request.params);
    const json = await deps.firstGifs.pageData(view);
    if (json === undefined)
      throw new AppError('first_page_not_kept', 'This page view’s data is no longer kept.');
    // Its lists carry the view's own response id: no cache may hand them to another view.
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(json);
  });
}
