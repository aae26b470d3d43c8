import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { TrustProxy } from './config/trust-proxy.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { newResponseId } from '../platform/lib/ids.ts';
import { NUL_MESSAGE } from '../platform/lib/unstorable-text.ts';
import type { Services } from './services.ts';
import { compressAnswers } from '../platform/http/compression.ts';
import { errorHandler } from '../platform/http/error-handler.ts';
import { framePolicy } from '../platform/http/frame-policy.ts';
import { routeCatalog } from '../platform/http/openapi/route-catalog.ts';
import { routeAuth } from '../platform/http/route-auth.ts';
import '../platform/http/route-policy.ts';
import { embedSurface } from './surfaces/embed.surface.ts';
import { federationSurface } from './surfaces/federation.surface.ts';
import { gatewaySurface } from './surfaces/gateway.surface.ts';
import { mediaSurface } from './surfaces/media.surface.ts';
import { answerNotFound } from './surfaces/not-found.ts';
import { opsSurface } from './surfaces/ops.surface.ts';
import type { PublicApiLimits } from './surfaces/public-api-rate-limit.ts';
import { publicApiSurface } from './surfaces/public-api.surface.ts';
import { siteApiSurface } from './surfaces/site-api.surface.ts';
import { webAppSurface } from './surfaces/web-app.surface.ts';
import { widgetsSurface } from './surfaces/widgets.surface.ts';
import type { SitePages } from '../modules/web-app/index.ts';
import { principalResolver } from '../modules/accounts/index.ts';

export interface AppOptions {
  services: Services;
  maxUploadBytes: number;
  mediaBaseUrl: string;
  /** The public API's limits, and the pingback events each address may send a minute. */
  publicApiLimits: PublicApiLimits & { pingbackEvents: number };
  /** Jiffy's version, for /api/v3/env/build. */
  version: string;
  uploadTempDir: string;
  logger: FastifyBaseLogger;
  /** The public key the embed player uses for its related GIFs (the instance's default key). */
  embedApiKey: string;
  /** EMBED_FONT_CSS_URL: the embed player's web fonts, when configured. */
  embedFontCssUrl?: string | undefined;
  /** TRUST_PROXY: which peers' X-Forwarded-For gives the client's address (none by default). */
  trustProxy?: TrustProxy;
  /** METRICS_TOKEN: the bearer token `/metrics` asks for; open when unset. */
  metricsToken?: string | undefined;
  /**
   * `ops` for a `--role=worker` process: only `/healthz`, `/readyz` and `/metrics`, so an
   * orchestrator can probe it and Prometheus can read its job durations. Default `all`.
   */
  surfaces?: 'all' | 'ops';
  /** FEDERATION on: ActivityPub's surface, with each remote host's activities a minute. */
  federation?: { inboxPerHostPerMinute: number } | undefined;
}

/** A hop count as the function Fastify's types take (at runtime it takes the number too). */
const fastifyTrustProxy = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

const BAD_URL = 'The URL does not decode: a %-escape in its path is not UTF-8.';
/** The longest path parameter the router takes (Fastify's default, named for the message). */
const MAX_PARAM_LENGTH = 100;
const URI_TOO_LONG = `The URL is too long: a part of its path is over ${MAX_PARAM_LENGTH} characters.`;

/**
 * The router's own refusals with the stable codes of every other refusal. Its messages quote
 * the path, which may be kilobytes long: ours name the problem instead.
 */
function routerRefusal(error: FastifyError): Error {
  if (error.code === 'FST_ERR_BAD_URL') return new AppError('invalid_request', BAD_URL);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new AppError('uri_too_long', URI_TOO_LONG);
  return error;
}

/**
 * The HTTP surface. Each surface (public API, site API, embed, media, widgets, web app, ops) is
 * an encapsulated plugin carrying its own hooks, so the guards that run are those of the route
 * the router chose, however its path was written. Only what holds for every answer (request id,
 * NUL refusal, cookie parsing, body parsers, frame policy, error envelope, compression) is
 * global.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    loggerInstance: options.logger,
    genReqId: () => newResponseId(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // `/ajax/instashare/` and `/ajax/instashare` are one route: GIPHY's clients call its site
    // API with the slash, and OpenAPI tooling writes paths without it.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: true },
    // A path that does not decode (`/v1/tags/related/%ff`) or whose parameter is past the
    // router's length: the same envelope as any refusal of the surface. The router answers
    // before the hooks run, so the request id header is written here.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      errorHandler(routerRefusal(error), request, reply);
    },
  });
  app.setErrorHandler(errorHandler);
  // Before any route: each route's answer is compressed as its last step (pages and JSON).
  await compressAnswers(app);
  // Before any surface: /openapi.json is written from every route registered after this.
  const catalog = routeCatalog(app);
  // Every route states who may call it; the principal is resolved before its handler runs.
  routeAuth(
    app,
    principalResolver({ accounts: services.accounts, tokens: services.personalTokens }),
  );
  // Callback-style hook: it costs no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // No URL has a use for NUL, and none may reach the database (lib/unstorable-text.ts).
    done(
      request.url.includes('%00')
        ? new AppError('invalid_request', `URL: ${NUL_MESSAGE}`)
        : undefined,
    );
  });
  // Every answer's latency by its route's pattern (never the URL: unbounded label values).
  app.addHook('onResponse', (request, reply, done) => {
    services.metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
  framePolicy(app);
  if (options.surfaces === 'ops') {
    await app.register(async (scope) =>
      opsSurface(scope, { services, metricsToken: options.metricsToken }),
    );
    app.setNotFoundHandler((request, reply) => answerNotFound(request, reply));
    return app;
  }
  await app.register(cookie);
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

  const apiKey = options.embedApiKey;
  await app.register(publicApiSurface, {
    services,
    limits: options.publicApiLimits,
    siteKey: apiKey,
    uploadTempDir: options.uploadTempDir,
  });
  await app.register(siteApiSurface, {
    services,
    uploadTempDir: options.uploadTempDir,
    version: options.version,
  });
  await app.register(gatewaySurface, { services });
  await app.register(async (scope) =>
    embedSurface(scope, { services, apiKey, fontCssUrl: options.embedFontCssUrl }),
  );
  await app.register(async (scope) => mediaSurface(scope, { services }));
  await app.register(async (scope) => widgetsSurface(scope));
  const federation = options.federation;
  if (federation) {
    await app.register(async (scope) =>
      federationSurface(scope, {
        services,
        inboxPerHostPerMinute: federation.inboxPerHostPerMinute,
      }),
    );
  }
  await app.register(async (scope) =>
    opsSurface(scope, {
      services,
      metricsToken: options.metricsToken,
      contract: { routes: catalog.routes, version: options.version },
    }),
  );
  let site: SitePages | undefined;
  await app.register(async (scope) => {
    site = webAppSurface(scope, { services, apiKey });
  });

  // The React site for a browser's GET of any other site page; else a 404 in its envelope.
  app.setNotFoundHandler(async (request, reply) => {
    if (site && (await site.fallback(request, reply))) return reply;
    return answerNotFound(request, reply);
  });
  return app;
}
