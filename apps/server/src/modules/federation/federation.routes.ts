import type { Federation } from '@fedify/fedify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../platform/errors/app-error.ts';
import { addressBucket } from '../../platform/http/client-address.ts';
import { ANONYMOUS } from '../../platform/http/route-policy.ts';
import { sendWebResponse, toWebRequest } from '../../platform/http/web-exchange.ts';
import { consumeOrRefuse, withRetryAfter } from '../accounts/index.ts';
import type { BlockedHostRepository } from './blocked-host.repository.ts';
import type { FederationRequestData } from './fedify-federation.ts';

/** The largest activity an inbox takes: a Note with its attachments is a few kilobytes. */
export const MAX_ACTIVITY_BYTES = 256 * 1024;

export interface FederationRoutesDeps {
  federation: Federation<FederationRequestData>;
  publicUrl: string;
  blocked: BlockedHostRepository;
  /** Activities each remote host may deliver per minute (FEDERATION_INBOX_PER_MINUTE). */
  perHost: RateLimiterAbstract;
}

/**
 * ActivityPub's doors, each a route of its own handing the request to Fedify: WebFinger,
 * NodeInfo, the actors and their collections, the Notes, and the inboxes. The inboxes say
 * more before Fedify sees an activity: a body past MAX_ACTIVITY_BYTES is refused by the
 * route's limit, a remote host past its rate or blocked here is refused, and a body that is
 * not a JSON object is refused. Fedify then checks the signature, that the key belongs to the
 * activity's actor, and the activity's shape; listeners refuse the rest (see FollowService).
 */
export function federationRoutes(app: FastifyInstance, deps: FederationRoutesDeps): void {
  // Activities are JSON-LD under several media types; Fedify reads the raw bytes itself, and
  // signatures (their Digest) cover those bytes exactly.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  const toFedify = async (
    request: FastifyRequest,
    reply: FastifyReply,
    data: FederationRequestData = { refusal: null },
  ) => {
    const response = await deps.federation.fetch(toWebRequest(request, deps.publicUrl), {
      contextData: data,
    });
    if (data.refusal) throw data.refusal;
    return sendWebResponse(reply, response);
  };

  for (const url of [
    '/.well-known/webfinger',
    '/.well-known/nodeinfo',
    '/nodeinfo/2.1',
    '/ap/actors/:identifier',
    '/ap/actors/:identifier/outbox',
    '/ap/actors/:identifier/followers',
    '/ap/notes/:id',
  ]) {
    app.get(url, ANONYMOUS, toFedify);
  }

  const inbox = async (request: FastifyRequest, reply: FastifyReply) => {
    const claimed = signerHost(request);
    // A signed request counts against its key's host; one without a signature (refused by
    // Fedify next, but it still costs a parse) against the address it came from.
    const counted = claimed ?? `address:${addressBucket(request.ip)}`;
    await withRetryAfter(reply, consumeOrRefuse(deps.perHost, counted));
    if (claimed) await refuseBlocked(deps.blocked, claimed);
    const activity = parseActivity(request.body);
    const actorHost = hostOf(activity.actor);
    if (actorHost) await refuseBlocked(deps.blocked, actorHost);
    return toFedify(request, reply);
  };
  const inboxOptions = { ...ANONYMOUS, bodyLimit: MAX_ACTIVITY_BYTES };
  app.post('/ap/actors/:identifier/inbox', inboxOptions, inbox);
  app.post('/ap/inbox', inboxOptions, inbox);
}

/** The host of the key a request says it is signed with (either signature standard), if any. */
function signerHost(request: FastifyRequest): string | null {
  const header = [request.headers.signature, request.headers['signature-input']]
    .flat()
    .filter((value): value is string => typeof value === 'string')
    .join(',');
  const keyId = /keyid="([^"]{1,2048})"/i.exec(header)?.[1];
  return keyId ? hostOf(keyId) : null;
}

function hostOf(value: unknown): string | null {
  const id =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && 'id' in value && typeof value.id === 'string'
        ? value.id
        : null;
  if (!id) return null;
  try {
    return new URL(id).host.toLowerCase() || null;
  } catch {
    return null;
  }
}

async function refuseBlocked(blocked: BlockedHostRepository, host: string): Promise<void> {
  if (await blocked.isBlocked(host))
    throw new AppError('remote_host_blocked', 'This server does not take activities from yours.');
}

/** The body as a JSON object with a type, or 400: nothing else can be an activity. */
function parseActivity(body: unknown): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : '');
  } catch {
    throw new AppError('invalid_request', 'The body is not JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !('type' in parsed))
    throw new AppError('invalid_request', 'The body is not an activity.');
  return parsed;
}
