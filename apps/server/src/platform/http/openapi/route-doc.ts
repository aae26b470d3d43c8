import type { ErrorCode } from '@jiffy/contracts';
import type { z } from 'zod';
import type { ApiKeyUse, Auth } from '../route-policy.ts';

/**
 * What a route says about itself for the OpenAPI document. `query`, `params` and `body` are
 * the very zod schemas the handler hands to `parseInput`, so the document describes the input
 * the route actually accepts; `responses` are the schemas of what it answers, by status.
 * Its refusals are written by status in its surface's error envelope: those the kernel answers
 * for any route like it (error-answers.ts) and the route's own `errors`.
 * Who may call it is not the doc's to say: the operation's security is written from the route's
 * `auth` and `apiKey` (route-policy.ts), which the server enforces.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** Groups the route in the docs page; defaults to its surface. */
  tags?: string[];
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** The body's media type when it is not JSON (uploads are `multipart/form-data`). */
  bodyType?: string;
  responses: Record<number, z.ZodType | null>;
  /**
   * The stable codes the route's handler and services refuse with (a GIF that is not there, a
   * name taken, a role missing). Bad input, credentials, CSRF, body size and type and the public
   * API's limits are added from what the route declares; these are the rest.
   */
  errors?: readonly ErrorCode[];
  /**
   * The media type of the 200 answer when it is not JSON (a CSV file, a GIF), or its media
   * types when the call picks one (a trim answers MP4 or GIF): its schema (a `z.string()`)
   * describes the text, or the bytes when it is null.
   */
  produces?: string | readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in `/openapi.json`; a route without one is listed as undocumented. */
    openapi?: RouteDoc;
  }
}

/**
 * What a documented route declares: its doc, and who may call it (`auth`, and the public API key
 * it checks: route-policy.ts), which the kernel enforces and the document states as the
 * operation's security.
 */
export interface DocumentedRoute extends RouteDoc {
  auth: Auth;
  apiKey?: ApiKeyUse;
}

/**
 * Route options carrying the declaration, merged with other options the route already takes
 * (`documented({...}, CACHED_LIST)`).
 */
export function documented<C extends object = object>(
  declared: DocumentedRoute,
  options?: { config: C },
): { config: C & { auth: Auth; apiKey?: ApiKeyUse; openapi: RouteDoc } } {
  const { auth, apiKey, ...doc } = declared;
  return {
    config: { ...(options?.config as C), auth, ...(apiKey ? { apiKey } : {}), openapi: doc },
  };
}
