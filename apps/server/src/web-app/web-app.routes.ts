import { pageTypeFor } from '@jiffy/web/page-type';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SITE_NAME } from '../embed/embed-page.ts';
import { AppError } from '../errors/app-error.ts';
import { ensureCsrfCookie } from '../http/site-security.ts';
import type { GifReadService } from '../gifs/gif-read.service.ts';
import { mediaSources } from '../lib/media-sources.ts';
import { unfurlTags } from '../unfurl/unfurl-tags.ts';
import type { UserRepository } from '../users/user.repository.ts';
import { loadSiteBuild, siteHead } from './site-shell.ts';
import { serveBuiltAssets } from '../http/static-assets.ts';

/** The id at the end of a GIF page's path segment: `happy-dance-<id>`, or just `<id>`. */
const SLUG_ID = /^(?:.*-)?([A-Za-z0-9]{1,64})$/;
/** Paths that are never site pages: a miss there stays a JSON 404. */
const NOT_SITE =
  /^\/(v1|v2|api|ajax|imaging|media|embed|embed-assets|oembed|widgets-assets|assets|login\/check)(\/|$)/;
/** A first path segment that may be a channel's name. */
const CHANNEL = /^\/([A-Za-z0-9_]{1,30})\/?$/;

export interface SitePages {
  /** Answers a GET that matched no route with the site, when it is a site page; else false. */
  fallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * The React site: `/` and every §2 route answer with the built page (the app routes in the
 * browser); `/gifs/:slug-:id` with its unfurl tags in the server's HTML; `/assets/*` the build's
 * files (content-hashed names, cached for a year; brotli or gzip as built, see serveBuiltAssets). A path whose first segment is no channel
 * answers 404 with the same page, which shows the site's 404.
 */
export function webAppRoutes(
  app: FastifyInstance,
  deps: {
    reads: GifReadService;
    users: UserRepository;
    publicUrl: string;
    mediaBaseUrl: string;
    apiKey: string;
  },
): SitePages {
  const build = loadSiteBuild();
  const media = mediaSources(deps);
  // The GIF maker plays its trimmed clip from a blob: URL and reads stickers' bytes (to decode
  // their frames onto its canvas) from wherever media is served.
  const policy = `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' ${media} data:; media-src 'self' ${media} blob:; connect-src 'self' ${media}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;
  const send = (reply: FastifyReply, status: number, title: string, extra?: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('cache-control', 'no-cache')
      .send(build.page(siteHead({ title, apiKey: deps.apiKey, extra })));

  app.get('/', async (_request, reply) => send(reply, 200, `${SITE_NAME}: GIFs and stickers`));

  app.get<{ Params: { slugId: string } }>('/gifs/:slugId', async (request, reply) => {
    const id = SLUG_ID.exec(request.params.slugId)?.[1];
    const gif = id
      ? await deps.reads.getReady(id, request.id).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return undefined;
          throw error;
        })
      : undefined;
    if (!gif) return send(reply, 404, `GIF not found - ${SITE_NAME}`);
    const tags = unfurlTags(gif, { publicUrl: deps.publicUrl, siteName: SITE_NAME });
    return send(reply, 200, `${gif.title || 'GIF'} - ${SITE_NAME}`, tags);
  });

  serveBuiltAssets(app, { root: build.assetsDir, prefix: '/assets/' });

  return {
    async fallback(request, reply) {
      const path = request.url.split('?')[0] ?? '/';
      if (request.method !== 'GET' || NOT_SITE.test(path)) return false;
      if (!(request.headers.accept ?? '').includes('text/html')) return false;
      // A single segment that is none of the site's own pages is a channel (§2): unknown, 404.
      const channel = CHANNEL.exec(path)?.[1];
      const isChannel = channel !== undefined && pageTypeFor(path) === 'channel page';
      const known = isChannel ? await deps.users.findByUsername(channel) : undefined;
      const status = isChannel && !known?.is_public ? 404 : 200;
      ensureCsrfCookie(request, reply);
      await send(reply, status, status === 404 ? `Not found - ${SITE_NAME}` : SITE_NAME);
      return true;
    },
  };
}
