import { errorStatus, type ErrorCode } from '@jiffy/contracts';
import { credentialsOf, type Surface } from '../route-policy.ts';
import type { CatalogRoute } from './route-catalog.ts';
import type { RouteDoc } from './route-doc.ts';

/** Methods whose calls carry a body the server parses, and that the CSRF check covers. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Surfaces whose state-changing calls must echo the CSRF cookie (or send a live token). */
const CSRF_SURFACES: ReadonlySet<Surface> = new Set(['site-api', 'gateway']);

/** Surfaces whose every call spends the per-key, per-visitor and per-address budgets. */
const RATE_LIMITED_SURFACES: ReadonlySet<Surface> = new Set(['public-api', 'tenor']);

/**
 * The refusals an operation can answer, by HTTP status, each with its stable codes: those the
 * kernel answers for any route like it, read from what the route declares and the server
 * enforces (its input, its credentials, its surface's CSRF check and limits, its body), and the
 * route's own (`errors` in its doc: a GIF that is not there, a name taken, a role missing).
 */
export function refusalsOf(route: CatalogRoute, doc: RouteDoc): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>();
  // Any URL can be bad input: the edge refuses U+0000 and %-escapes that are not UTF-8 on every
  // route, before any schema.
  codes.add('invalid_request');
  // A path names something, which may not be there (or not for this caller to see).
  if (doc.params) codes.add('uri_too_long').add('not_found');
  const takes = credentialsOf(route.auth ?? 'anonymous');
  if (takes.required) codes.add('not_signed_in');
  // Permissions follow roles and ownership: a caller may be refused what their role or the
  // thing's owner does not allow.
  if (takes.required) codes.add('forbidden');
  if (route.apiKey) {
    codes.add('api_key_required');
    codes.add('api_key_invalid');
  }
  const surface = route.surface;
  if (WITH_BODY.has(route.method)) {
    codes.add('file_too_large');
    codes.add('unsupported_media_type');
    if (surface && CSRF_SURFACES.has(surface) && route.csrf !== false) codes.add('csrf_failed');
  }
  if (surface && RATE_LIMITED_SURFACES.has(surface) && route.rateLimit !== false)
    codes.add('rate_limited');
  for (const code of doc.errors ?? []) codes.add(code);

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorStatus[code];
    if (status >= 500) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The server failures an operation can answer besides `internal_error`: its own 5xx codes. */
export function failuresOf(doc: RouteDoc): ErrorCode[] {
  return ['internal_error', ...(doc.errors ?? []).filter((code) => errorStatus[code] >= 500)];
}

/** What each refused status means, before the codes that say why. */
const STATUS_NAMES: Record<number, string> = {
  400: 'Bad input',
  401: 'No credentials, or wrong ones',
  403: 'Not allowed',
  404: 'Not found',
  409: 'In conflict with what is stored',
  410: 'Gone',
  413: 'Too large',
  414: 'Too long',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  422: 'Could not be done',
  429: 'Too many requests',
};

/** A refusal's description in the document: the status's meaning and its stable codes. */
export function refusalDescription(status: number, codes: readonly ErrorCode[]): string {
  const name = STATUS_NAMES[status] ?? 'Refused';
  return `${name}: ${codes.map((code) => `\`${code}\``).join(', ')}`;
}
