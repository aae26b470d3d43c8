import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService } from '../gifs/index.ts';
import { mediaSources } from '../../platform/lib/media-sources.ts';
import { embedOptions } from './embed-options.ts';
import { EMBED_ASSETS_PATH, renderEmbedNotFound, renderEmbedPage } from './embed-page.ts';
import { ID_PATTERN } from '../../platform/lib/ids.ts';
import { FRAMEABLE } from '../../platform/http/frame-policy.ts';
import { serveBuiltAssets } from '../../platform/http/static-assets.ts';

/** The folder of the player's built script and stylesheet (next to its server build). */
function assetsDir(): string {
  const serverBuild = fileURLToPath(import.meta.resolve('@jiffy/embed/server'));
  return path.join(path.dirname(serverBuild), '..', 'client');
}

/**
 * The embed player's policy: any site may frame it (frame-ancestors *), and it may load only
 * its own script and style and the instance's media; nothing from third parties.
 */
function embedPolicy(media: string, fontOrigin: string | null, styleHash: string): string {
  const fonts = fontOrigin ? ` ${fontOrigin}` : '';
  return [
    "default-src 'none'",
    // Web fonts only from the static host EMBED_FONT_CSS_URL names, and only when it is set.
    ...(fontOrigin ? [`font-src ${fontOrigin}`] : []),
    `img-src 'self' ${media} data:`,
    `media-src 'self' ${media}`,
    // youtube's iframe API is loaded only when a visitor presses Watch on a youtube GIF.
    "script-src 'self' https://www.youtube.com",
    'frame-src https://www.youtube.com https://player.vimeo.com',
    // The stylesheet is inlined (no request before the first paint), allowed by its hash.
    `style-src 'self' '${styleHash}'${fonts}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
}

/** `GET /embed/:id` (the player page other sites frame) and its assets. */
export function embedRoutes(
  app: FastifyInstance,
  deps: {
    reads: GifReadService;
    publicUrl: string;
    mediaBaseUrl: string;
    apiKey: string;
    fontCssUrl?: string | undefined;
  },
): void {
  const dir = assetsDir();
  const css = fs.readFileSync(path.join(dir, 'embed.css'), 'utf8');
  if (/<\/style/i.test(css)) throw new Error('embed.css cannot be inlined: it contains </style');
  const styleHash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
  const policy = embedPolicy(
    mediaSources(deps),
    deps.fontCssUrl ? new URL(deps.fontCssUrl).origin : null,
    styleHash,
  );

  app.get<{ Params: { id: string } }>('/embed/:id', FRAMEABLE, async (request, reply) => {
    void reply.type('text/html; charset=utf-8').header('content-security-policy', policy);
    const { id } = request.params;
    try {
      if (!ID_PATTERN.test(id)) throw new AppError('gif_not_found', 'No GIF with that id.');
      const gif = await deps.reads.getReady(id, request.id);
      return reply.header('cache-control', 'public, max-age=60').send(
        renderEmbedPage(gif, embedOptions(request.query), {
          publicUrl: deps.publicUrl,
          apiKey: deps.apiKey,
          fontCssUrl: deps.fontCssUrl,
          css,
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'gif_not_found') throw error;
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send(renderEmbedNotFound(deps.publicUrl, css));
    }
  });

  // Any site's frame loads them; fixed names, so an hour of caching (see serveBuiltAssets).
  serveBuiltAssets(app, {
    root: dir,
    prefix: `${EMBED_ASSETS_PATH}/`,
    only: ['embed.js', 'embed.css'],
    frameable: true,
  });
}
