import { findUnstorable } from '../../platform/lib/unstorable-text.ts';
import type { PingbackAction } from '../../platform/db/schema.ts';
import { ID_PATTERN } from '../../platform/lib/ids.ts';

export const pingbackActions: readonly PingbackAction[] = [
  'SEEN',
  'CLICK',
  'HOVER',
  'START',
  'SENT',
  'FAVORITE',
];

/** An event that passed every check, ready to store. */
export interface ValidPingback {
  gifId: string;
  action: PingbackAction;
  userId: string | null;
  randomId: string | null;
  attributes: Record<string, unknown>;
  occurredAt: Date;
}

const MAX_ATTRIBUTES_BYTES = 4096;
const MAX_CLOCK_SKEW_MS = 24 * 3600 * 1000;

/**
 * The GIF an `analytics_response_payload` names. The payload is ours (`e=<base64url>`); GIPHY's
 * analytics may append `&mode=verification`, which is ignored.
 */
export function gifIdOfPayload(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 512) return null;
  const encoded = /^e=([A-Za-z0-9_-]+)/.exec(payload)?.[1];
  if (!encoded) return null;
  const decoded = new URLSearchParams(Buffer.from(encoded, 'base64url').toString('utf8'));
  const gifId = decoded.get('gif_id');
  return gifId && ID_PATTERN.test(gifId) ? gifId : null;
}

/**
 * Checks one event of GIPHY's batch format; anything malformed is null (dropped and counted,
 * never an error for the whole batch).
 */
export function parsePingback(raw: unknown, now: number): ValidPingback | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  if (findUnstorable(raw) !== null) return null;
  const event = raw as Record<string, unknown>;
  const action = event.action_type;
  if (typeof action !== 'string' || !pingbackActions.includes(action as PingbackAction))
    return null;
  const gifId = gifIdOfPayload(event.analytics_response_payload);
  if (!gifId) return null;
  const ts = typeof event.ts === 'number' && Number.isFinite(event.ts) ? event.ts : now;
  if (Math.abs(ts - now) > MAX_CLOCK_SKEW_MS) return null;
  const attributes =
    event.attributes && typeof event.attributes === 'object' && !Array.isArray(event.attributes)
      ? event.attributes
      : {};
  if (JSON.stringify(attributes).length > MAX_ATTRIBUTES_BYTES) return null;
  const short = (value: unknown) =>
    typeof value === 'string' && value.length <= 128 ? value : null;
  return {
    gifId,
    action: action as PingbackAction,
    userId: short(event.logged_in_user_id),
    randomId: short(event.user_id),
    attributes: attributes as Record<string, unknown>,
    occurredAt: new Date(ts),
  };
}
