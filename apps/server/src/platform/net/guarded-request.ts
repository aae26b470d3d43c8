import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '../errors/app-error.ts';
import { isPublicAddress } from './ip-classifier.ts';

export interface GuardedRequestOptions {
  method: 'GET' | 'POST';
  headers?: Record<string, string> | undefined;
  body?: string | undefined;
  /** A lookup that dials only approved addresses (createGuardedLookup). */
  lookup: LookupFunction;
  signal: AbortSignal;
  /** The host is exempt from the address checks (an operator's allow-list). */
  exempt: boolean;
}

/**
 * One HTTP hop to a URL already checked against the address policy: a fresh connection
 * through the guarded lookup, and the peer checked again once connected. Resolves with the
 * answer's headers and its body unread, whatever the status.
 */
export function guardedRequest(
  target: URL,
  options: GuardedRequestOptions,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { 'accept-encoding': 'identity', ...options.headers };
    if (options.body !== undefined)
      headers['content-length'] = String(Buffer.byteLength(options.body));
    const request = client.request(
      target,
      {
        method: options.method,
        headers,
        lookup: options.lookup,
        signal: options.signal,
        // A fresh connection per hop: a pooled socket was dialled for an earlier check.
        agent: false,
      },
      (response) => {
        // Until the body is read, an abort must not surface as an unhandled 'error'; the
        // reader picks the failure up from the stream's state.
        response.on('error', () => undefined);
        // Belt and braces behind the guarded lookup: refuse whatever peer we ended up on.
        const peer = response.socket.remoteAddress;
        if (!options.exempt && peer !== undefined && !isPublicAddress(peer)) {
          response.destroy();
          reject(new AppError('url_not_allowed', 'URL resolves to a private network address'));
          return;
        }
        resolve(response);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
