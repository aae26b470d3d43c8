import type { FastifyInstance } from 'fastify';
import type { GifRepository } from '../gifs/gif.repository.ts';
import type { RenditionRepository } from '../gifs/rendition.repository.ts';
import { renderHomePage } from './home-page.ts';

/** `GET /`: the interim home page. */
export function homeRoutes(
  app: FastifyInstance,
  deps: { gifs: GifRepository; renditions: RenditionRepository; mediaBaseUrl: string },
): void {
  app.get('/', async (_request, reply) => {
    const gifs = await deps.gifs.listNewestReady(60);
    const renditions = await deps.renditions.listForGifs(gifs.map((g) => g.id));
    const mediaOrigin = new URL(deps.mediaBaseUrl).origin;
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; img-src 'self' ${mediaOrigin}; style-src 'unsafe-inline'; frame-ancestors 'none'`,
      )
      .send(renderHomePage({ gifs, renditions, mediaBaseUrl: deps.mediaBaseUrl }));
  });
}
