import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { accountsRoutes } from '../accounts/accounts.routes.ts';
import { apiTokensRoutes } from '../accounts/api-tokens.routes.ts';
import { creatorApplicationsRoutes } from '../accounts/creator-applications.routes.ts';
import { pingbackRoutes } from '../analytics/pingback.routes.ts';
import { apiKeysRoutes } from '../api-keys/api-keys.routes.ts';
import { AppError } from '../errors/app-error.ts';
import { ctaRoutes } from '../gifs/cta.routes.ts';
import { gifsRoutes } from '../gifs/gifs.routes.ts';
import { uploadRoutes } from '../gifs/upload.routes.ts';
import { healthRoutes } from '../health/health.routes.ts';
import { instanceRoutes } from '../instance/instance.routes.ts';
import { newResponseId } from '../lib/ids.ts';
import { NUL_MESSAGE } from '../lib/nul-characters.ts';
import { favoritesRoutes } from '../favorites/favorites.routes.ts';
import { reportsRoutes } from '../reports/reports.routes.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import { usersRoutes } from '../users/users.routes.ts';
import { categoriesRoutes } from '../public-api/categories.routes.ts';
import { discoveryRoutes } from '../public-api/discovery.routes.ts';
import { publicGifsRoutes } from '../public-api/public-gifs.routes.ts';
import { responseShaping } from '../public-api/response-shaping.ts';
import { publicApiCaching } from './public-api-caching.ts';
import { framePolicy } from './frame-policy.ts';
import { embedRoutes } from '../embed/embed.routes.ts';
import { oembedRoutes } from '../embed/oembed.routes.ts';
import { webAppRoutes } from '../web-app/web-app.routes.ts';
import { widgetsRoutes } from '../widgets/widgets.routes.ts';
import { siteEventsRoutes } from '../analytics/site-events.routes.ts';
import { publicApiCors } from './public-api-cors.ts';
import { publicApiRateLimit } from './public-api-rate-limit.ts';
import { siteSecurity } from './site-security.ts';
import type { Services } from '../services.ts';
import { errorBody, errorHandler } from './error-handler.ts';

export interface AppOptions {
  services: Services;
  maxUploadBytes: number;
  mediaBaseUrl: string;
  apiRateLimitPerMinute: number;
  /** Jiffy's version, for /api/v3/env/build. */
  version: string;
  /** Shared counters for rate limits when several API nodes run. */
  redis?: Redis | undefined;
  uploadTempDir: string;
  logger: FastifyBaseLogger;
  /** The public key the embed player uses for its related GIFs (the instance's default key). */
  embedApiKey: string;
  /** EMBED_FONT_CSS_URL: the embed player's web fonts, when configured. */
  embedFontCssUrl?: string | undefined;
}

const BAD_URL = 'The URL does not decode: a %-escape in its path is not UTF-8.';

/** The HTTP surface: every route, the error envelope and body parsers, on one Fastify instance. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    loggerInstance: options.logger,
    genReqId: () => newResponseId(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // A path that does not decode (`/v1/tags/related/%ff`): the same envelope as any 400.
    frameworkErrors: (error, request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      errorHandler(badUrl ? new AppError('invalid_request', BAD_URL) : error, request, reply);
    },
  });
  app.setErrorHandler(errorHandler);
  // The React site; a browser's GET for any other site page gets it too (not-found handler).
  const site = webAppRoutes(app, {
    reads: services.gifReads,
    users: services.users,
    publicUrl: services.urls.publicUrl,
    mediaBaseUrl: services.urls.mediaBaseUrl,
    apiKey: options.embedApiKey,
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (await site.fallback(request, reply)) return reply;
    const error = new AppError(
      'not_found',
      `No route for ${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.status(404).send(errorBody(error, request));
  });
  // Callback-style hooks here and on the public API's path: they cost no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // No URL has a use for NUL, and none may reach the database (lib/nul-characters.ts).
    done(
      request.url.includes('%00')
        ? new AppError('invalid_request', `URL: ${NUL_MESSAGE}`)
        : undefined,
    );
  });

  await publicApiRateLimit(app, { perMinute: options.apiRateLimitPerMinute, redis: options.redis });
  await siteSecurity(app);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    limits: {
      fileSize: options.maxUploadBytes,
      files: 1,
      fields: 30,
      fieldSize: 64 * 1024,
      parts: 40,
      headerPairs: 200,
    },
  });

  healthRoutes(app, { isReady: services.isReady });
  accountsRoutes(app, {
    accounts: services.accounts,
    limiter: services.attemptLimiter,
    build: { version: options.version },
  });
  usersRoutes(app, {
    users: services.users,
    avatars: services.avatars,
    uploadTempDir: options.uploadTempDir,
    gifs: services.gifRepository,
    accounts: services.accounts,
    urls: services.urls,
  });
  apiTokensRoutes(app, { tokens: services.apiTokens, accounts: services.accounts });
  apiKeysRoutes(app, { apiKeys: services.apiKeys, accounts: services.accounts });
  creatorApplicationsRoutes(app, {
    applications: services.applications,
    accounts: services.accounts,
  });
  ctaRoutes(app, {
    gifs: services.gifRepository,
    apiKeys: services.apiKeys,
    tokens: services.apiTokens,
  });
  favoritesRoutes(app, {
    favorites: services.favorites,
    accounts: services.accounts,
    reads: services.gifReads,
  });
  reportsRoutes(app, {
    reports: services.reports,
    accounts: services.accounts,
    limiter: services.attemptLimiter,
  });
  uploadRoutes(app, {
    uploads: services.uploads,
    apiKeys: services.apiKeys,
    accounts: services.accounts,
    uploadTempDir: options.uploadTempDir,
  });
  framePolicy(app);
  embedRoutes(app, {
    reads: services.gifReads,
    publicUrl: services.urls.publicUrl,
    mediaBaseUrl: services.urls.mediaBaseUrl,
    apiKey: options.embedApiKey,
    fontCssUrl: options.embedFontCssUrl,
  });
  oembedRoutes(app, { reads: services.gifReads, publicUrl: services.urls.publicUrl });
  widgetsRoutes(app, {
    publicUrl: services.urls.publicUrl,
    mediaBaseUrl: services.urls.mediaBaseUrl,
    apiKey: options.embedApiKey,
  });
  await siteEventsRoutes(app, { events: services.siteEvents });
  publicApiCors(app);
  responseShaping(app);
  publicApiCaching(app);
  publicGifsRoutes(app, {
    gifs: services.publicGifs,
    apiKeys: services.apiKeys,
    reads: services.gifReads,
  });
  discoveryRoutes(app, { discovery: services.discovery, apiKeys: services.apiKeys });
  pingbackRoutes(app, { pingbacks: services.pingbacks });
  categoriesRoutes(app, { categories: services.categories, apiKeys: services.apiKeys });
  gifsRoutes(app, { reads: services.gifReads, apiKeys: services.apiKeys });
  instanceRoutes(app, { gifs: services.gifRepository });
  mediaRoutes(app, {
    renditions: services.renditionRepository,
    storage: services.storage,
    avatars: services.avatars,
  });
  return app;
}
