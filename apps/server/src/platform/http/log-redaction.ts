import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/**
 * Query parameters whose values are secrets: API keys, reset and confirmation links' tokens,
 * passwords. Matched on the decoded, lower-cased name, so `%61pi_key` or `API_KEY` are caught too.
 */
const SECRET_PARAMS = new Set([
  'api_key',
  // Tenor's dialect names the API key `key`.
  'key',
  'apikey',
  'token',
  'access_token',
  'refresh_token',
  'password',
  'confirm',
  'code',
  'secret',
]);

export const REDACTED = '[REDACTED]';

/** `url` with the value of every secret query parameter replaced; the rest kept as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      return isSecret(rawName) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

function isSecret(rawName: string): boolean {
  let name = rawName.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A name that does not decode is compared as sent.
  }
  // `api_key[]` and the like name the same parameter to some parsers.
  return SECRET_PARAMS.has(name.trim().toLowerCase().replace(/\[.*$/, ''));
}

/**
 * pino options for every log line: Fastify's request serializer with the URL redacted, and
 * credentials in headers censored wherever a logged object carries them.
 */
export const logRedaction: Pick<LoggerOptions, 'serializers' | 'redact'> = {
  serializers: {
    // Fastify's own request serializer (lib/logger-pino.js), with the URL redacted.
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-csrf-token"]',
      'res.headers["set-cookie"]',
      'headers.authorization',
      'headers.cookie',
    ],
    censor: REDACTED,
  },
};
