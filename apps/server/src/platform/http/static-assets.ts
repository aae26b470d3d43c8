import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorHandler } from './error-handler.ts';

/** A name a bundler made from the file's content (Vite's `name-[hash].ext`: 8 base64url). */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;
/** Names whose content may change under the same name: browsers check back after an hour. */
const SHORT_CACHE = 'public, max-age=3600';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface BuiltAssets {
  /** Folder of the build's files. */
  root: string;
  /** URL prefix they answer under, e.g. `/assets/`. */
  prefix: string;
  /** Only these file names are served (a build folder may hold more than the browser needs). */
  only?: readonly string[];
  /** Headers every answer carries (e.g. CORS for a script other sites load). */
  headers?: Record<string, string>;
  /** Other sites may frame what is served (the embed player's assets). */
  frameable?: boolean;
}

/**
 * Serves a build folder from disk with @fastify/static: the `.br` or `.gz` file written beside
 * each asset at build time (scripts/precompress.ts) when the request accepts it, with
 * `Content-Encoding` and `Vary: Accept-Encoding`; the file itself otherwise. Names with a
 * content hash never change, so they are cached for a year as `immutable`; others for an hour.
 * A request for the `.br`/`.gz` file itself, a dotfile or a folder is a 404.
 */
export function serveBuiltAssets(scope: FastifyInstance, assets: BuiltAssets): void {
  const only = assets.only && new Set(assets.only.map((name) => `/${name}`));
  void scope.register(async (files) => {
    // Files are anyone's: nobody is looked up.
    files.addHook('onRoute', (route) => {
      route.config = {
        ...route.config,
        auth: 'anonymous',
        ...(assets.frameable && { frameable: true }),
      };
    });
    // A path written in a non-canonical way (`//demo.js`, `/./x`) is refused by @fastify/static
    // with 403; to a client it is a file that is not there, as on every other surface.
    files.setErrorHandler((error, request, reply) => {
      if ((error as { code?: string }).code === 'FST_STATIC_FORBIDDEN_PATH') {
        return reply.callNotFound();
      }
      return errorHandler(error, request, reply);
    });
    // RFC 9239's text/javascript (send's table says application/javascript), set after
    // @fastify/static has typed a compressed answer by its asset's name.
    files.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.statusCode === 200 && TYPES[path.extname(request.url.split('?')[0]!)];
      if (type) void reply.header('content-type', type);
      done(null, payload);
    });
    await files.register(fastifyStatic, {
      root: assets.root,
      prefix: assets.prefix,
      decorateReply: false,
      preCompressed: true,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName) && (!only || only.has(pathName)),
      setHeaders: (reply, filePath) => {
        // The file sent may be the .br or .gz beside the asset: headers follow the asset.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        void reply.header('cache-control', HASHED_NAME.test(name) ? IMMUTABLE : SHORT_CACHE);
        for (const [header, value] of Object.entries(assets.headers ?? {})) {
          void reply.header(header, value);
        }
      },
    });
  });
}
