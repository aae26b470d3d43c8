import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { GifReadService } from '../gifs/gif-read.service.ts';
import { mediaSources } from '../lib/media-sources.ts';
import { renderGifPage } from './gif-page.ts';

/** The id at the end of a GIF page's path segment: `happy-dance-<id>`, or just `<id>`. */
const SLUG_ID = /^(?:.*-)?([A-Za-z0-9]{1,64})$/;

/** `GET /gifs/:slug-:id`: the GIF page with its unfurl tags in the server's HTML. */
export function gifPageRoutes(
  app: FastifyInstance,
  deps: { reads: GifReadService; publicUrl: string; mediaBaseUrl: string },
): void {
  const media = mediaSources(deps);
  const policy = `default-src 'none'; img-src 'self' ${media}; media-src 'self' ${media}; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'`;
  app.get<{ Params: { slugId: string } }>('/gifs/:slugId', async (request, reply) => {
    const id = SLUG_ID.exec(request.params.slugId)?.[1];
    if (!id) throw new AppError('gif_not_found', 'No GIF at that address.');
    const gif = await deps.reads.getReady(id, request.id);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('cache-control', 'public, max-age=60')
      .send(renderGifPage(gif, deps.publicUrl));
  });
}
