import { giphyErrorSchema, siteErrorSchema, tenorErrorSchema } from '@jiffy/contracts';
import type { z } from 'zod';
import { credentialsOf, type ApiKeyUse, type Auth, type Surface } from '../route-policy.ts';
import type { CatalogRoute } from './route-catalog.ts';
import { failuresOf, refusalDescription, refusalsOf } from './error-answers.ts';
import { JsonSchemaWriter } from './json-schema.ts';
import type { RouteDoc } from './route-doc.ts';

/**
 * The surfaces the document covers: the public API in GIPHY's and Tenor's dialects, the site's
 * own API and the gateway.
 */
export const API_SURFACES: readonly Surface[] = ['public-api', 'tenor', 'site-api', 'gateway'];

const surfaceTitles: Partial<Record<Surface, string>> = {
  'public-api': 'Public API (GIPHY dialect)',
  tenor: 'Public API (Tenor dialect)',
  'site-api': 'Site API',
  gateway: 'Service gateway',
};

type Json = Record<string, unknown>;

/** Each surface's error envelope, in which its operations answer every refusal and failure. */
const errorEnvelopes: Partial<Record<Surface, z.ZodType>> = {
  'public-api': giphyErrorSchema,
  tenor: tenorErrorSchema,
  'site-api': siteErrorSchema,
  gateway: siteErrorSchema,
};

/** An OpenAPI 3.1 document, and the API routes that are in it without a description. */
export interface BuiltDocument {
  document: Json;
  undocumented: { method: string; url: string; surface: Surface }[];
}

/**
 * Writes the OpenAPI 3.1 document from the routes' own `config.openapi` (see route-doc.ts).
 * API routes that carry none are left out of `paths` and listed in `x-undocumented`, so a gap
 * shows in the document itself rather than hiding.
 */
export function buildOpenApiDocument(
  routes: CatalogRoute[],
  info: { version: string; serverUrl: string },
): BuiltDocument {
  const schemas = new JsonSchemaWriter();
  const paths: Record<string, Record<string, Json>> = {};
  const undocumented: BuiltDocument['undocumented'] = [];
  const errors = new Map<Surface, Json>();
  const errorOf = (surface: Surface): Json => {
    const envelope = errorEnvelopes[surface] ?? siteErrorSchema;
    if (!errors.has(surface)) errors.set(surface, schemas.write(envelope, 'output'));
    return errors.get(surface)!;
  };
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url));
  for (const route of sorted) {
    const surface = route.surface;
    if (!surface || !API_SURFACES.includes(surface)) continue;
    // CORS preflights (`OPTIONS /v1/*`) are the surface's, not operations of their own.
    if (route.method === 'OPTIONS' && !route.doc) continue;
    if (!route.doc) {
      undocumented.push({ method: route.method, url: route.url, surface });
      continue;
    }
    const error = errorOf(surface);
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, route.doc, surface, error, schemas);
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Jiffy',
      version: info.version,
      description:
        "Jiffy's HTTP API: GIPHY's public API dialect under /v1 and /v2 (an `api_key` per " +
        "call), Tenor's API v2 dialect under /v2 (the same key as `key`), the site's own calls under /api, /ajax, /login and /imaging (a session cookie " +
        'with the CSRF echo, or a personal token), and the service gateway under /x/v1.',
    },
    servers: [{ url: info.serverUrl }],
    tags: API_SURFACES.map((s) => ({ name: surfaceTitles[s] })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        tenorKey: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description: "A Jiffy API key, as Tenor's dialect names it.",
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'jiffy_session',
          description:
            'The session cookie from POST /api/v3/login; state-changing calls also echo the ' +
            'CSRF cookie in the X-CSRF-Token header.',
        },
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'A personal token from /settings: `Authorization: Token <token>`.',
        },
      },
    },
    'x-undocumented': undocumented.map((r) => `${r.method} ${r.url}`),
  };
  return { document, undocumented };
}

/**
 * Fastify's `/v1/gifs/:id` (or `:id(regex)`) as OpenAPI's `/v1/gifs/{id}`, without a trailing
 * slash: the router answers a path with or without one alike.
 */
export const openApiPath = (url: string): string =>
  url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/(.)\/$/, '$1');

function operation(
  route: CatalogRoute,
  doc: RouteDoc,
  surface: Surface,
  error: Json,
  schemas: JsonSchemaWriter,
): Json {
  const parameters = [
    ...parametersOf(doc.params, 'path', schemas),
    ...parametersOf(doc.query, 'query', schemas),
  ];
  const responses: Json = {};
  for (const [status, schema] of Object.entries(doc.responses)) {
    if (doc.produces && status === '200') {
      const types = [doc.produces].flat();
      responses[status] = {
        description: 'OK',
        content: Object.fromEntries(
          types.map((type) => [
            type,
            {
              schema: schema
                ? schemas.write(schema, 'output')
                : { type: 'string', contentMediaType: type },
            },
          ]),
        ),
      };
      continue;
    }
    responses[status] = schema
      ? {
          description: status.startsWith('2') ? 'OK' : 'Answer',
          content: { 'application/json': { schema: schemas.write(schema, 'output') } },
        }
      : { description: 'No content' };
  }
  const errorAnswer = { content: { 'application/json': { schema: error } } };
  for (const [status, codes] of refusalsOf(route, doc))
    responses[status] = { description: refusalDescription(status, codes), ...errorAnswer };
  const failures = failuresOf(doc).map((code) => `\`${code}\``);
  responses['5XX'] = {
    description: `Failed on the server: ${failures.join(', ')}`,
    ...errorAnswer,
  };
  return {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: doc.tags ?? [surfaceTitles[surface]],
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: {
              [doc.bodyType ?? 'application/json']: { schema: schemas.write(doc.body, 'input') },
            },
          },
        }
      : {}),
    responses,
    security: securityOf(route.auth, route.apiKey, surface),
  };
}

type Requirement = Record<string, string[]>;

/**
 * The operation's security, from what the route states and the server enforces: its `auth`
 * (the session cookie, a personal token) and the public API key it checks. Alternatives are
 * OpenAPI's list entries; `{}` is "no credentials", for anonymous calls.
 */
export function securityOf(
  auth: Auth | undefined,
  apiKey: ApiKeyUse | undefined,
  surface: Surface,
): Requirement[] {
  const takes = credentialsOf(auth ?? 'anonymous');
  const callers: Requirement[] = [
    ...(takes.session ? [{ session: [] }] : []),
    ...(takes.token ? [{ token: [] }] : []),
  ];
  // Optional callers are alternatives to calling with none.
  const alternatives = takes.required ? callers : [{}, ...callers];
  if (!apiKey) return alternatives;
  const key: Requirement = { [surface === 'tenor' ? 'tenorKey' : 'apiKey']: [] };
  // A principal or a key: the key stands for calling without one.
  if (apiKey === 'or-principal') return [key, ...callers];
  return alternatives.map((caller) => ({ ...key, ...caller }));
}

/** One OpenAPI parameter per property of an object schema. */
function parametersOf(
  schema: RouteDoc['query'],
  where: 'query' | 'path',
  schemas: JsonSchemaWriter,
): Json[] {
  if (!schema) return [];
  const json = schemas.write(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      // A parameter with a default (or a fallback, zod's `.catch`) may be left out.
      required: where === 'path' || (required.has(name) && !('default' in property)),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}
