import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService } from '../gifs/index.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { ANONYMOUS } from '../../platform/http/route-policy.ts';
import { SITE_NAME } from './embed-page.ts';
import { oembedFor } from './oembed.ts';
import { wholeNumber } from '../../platform/http/input-schemas.ts';

const size = wholeNumber(1, 10_000).optional();
const oembedQuery = z.object({
  url: z.string().max(2048),
  maxwidth: size,
  maxheight: size,
  format: z.string().max(10).optional(),
});

/**
 * The GIF id in a link to this instance: a GIF page (`/gifs/<slug>-<id>` or `/gifs/<id>`), the
 * player (`/embed/<id>`) or a media file (`/media/<id>/...`); null for anything else.
 */
export function gifIdOfUrl(url: string, publicUrl: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.origin !== new URL(publicUrl).origin) return null;
  const match = /^\/(?:gifs|embed|media)\/(?:[^/]*-)?([A-Za-z0-9]{1,64})(?:\/|$)/.exec(
    parsed.pathname,
  );
  return match?.[1] ?? null;
}

/** `GET /oembed`: the oEmbed provider for GIF links, discoverable from GIF and embed pages. */
export function oembedRoutes(
  app: FastifyInstance,
  deps: { reads: GifReadService; publicUrl: string },
): void {
  app.get('/oembed', ANONYMOUS, async (request, reply) => {
    const query = parseInput(oembedQuery, request.query);
    if (query.format && query.format !== 'json') {
      throw new AppError('not_implemented', 'Only format=json is offered.');
    }
    const id = gifIdOfUrl(query.url, deps.publicUrl);
    if (!id) throw new AppError('not_found', 'That URL is not a GIF of this site.');
    const gif = await deps.reads.getReady(id);
    const answer = oembedFor(
      gif,
      { maxWidth: query.maxwidth ?? null, maxHeight: query.maxheight ?? null },
      { name: SITE_NAME, url: deps.publicUrl },
    );
    if (!answer) throw new AppError('not_found', 'No rendition of that GIF is that small.');
    return reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'public, max-age=3600')
      .send(answer);
  });
}
