import type { Gif } from '@jiffy/contracts';
import { SDK_NAME, SDK_VERSION } from '@jiffy/fetch-api';

/** Widget pingbacks; HOVER counts after 200 ms over a tile. */
export type PingbackAction = 'SEEN' | 'CLICK' | 'HOVER' | 'START';
export type LayoutType = 'GRID' | 'CAROUSEL';
export const HOVER_AFTER_MS = 200;
const FLUSH_AFTER_MS = 1000;

interface QueuedEvent {
  ts: number;
  action_type: PingbackAction;
  /** The signed-in user of the page (GIPHY's field; `user_id` is the anonymous random id). */
  logged_in_user_id?: string;
  analytics_response_payload: string;
  attributes: Record<string, string>;
}

// Pending events per pingback endpoint (the server the GIFs came from).
const queues = new Map<string, QueuedEvent[]>();
const seen = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Where a GIF's pingbacks go: `/v2/pingback` on the server its analytics URLs name. */
function endpointOf(gif: Gif): string | null {
  const url = gif.analytics?.onload?.url;
  if (!url || !URL.canParse(url)) return null;
  return `${new URL(url).origin}/v2/pingback`;
}

function flush(): void {
  timer = undefined;
  for (const [endpoint, events] of queues) {
    queues.delete(endpoint);
    const body = JSON.stringify({ events });
    try {
      // A blocked request (an ad-blocker, say) is simply lost: pingbacks never break a page.
      void fetch(endpoint, {
        method: 'POST',
        body,
        // The SDK headers as the kit's API requests carry them.
        headers: {
          'content-type': 'application/json',
          'X-GIPHY-SDK-Name': SDK_NAME,
          'X-GIPHY-SDK-Version': SDK_VERSION,
        },
        keepalive: true,
      }).catch(() => undefined);
    } catch {
      // fetch itself may be patched away by a blocker.
    }
  }
}

/**
 * Queues one pingback, batched and sent within a second. Only GIFs that carry an
 * analytics_response_payload are reported; SEEN counts once per GIF id per page.
 */
export function pingback(
  gif: Gif,
  action: PingbackAction,
  attributes: Record<string, string> = {},
  userId?: string,
): void {
  if (!gif.analytics_response_payload) return;
  if (action === 'SEEN') {
    if (seen.has(gif.id)) return;
    seen.add(gif.id);
  }
  const endpoint = endpointOf(gif);
  if (!endpoint) return;
  const queue = queues.get(endpoint) ?? [];
  queue.push({
    ts: Date.now(),
    action_type: action,
    ...(userId ? { logged_in_user_id: userId } : {}),
    analytics_response_payload: gif.analytics_response_payload,
    attributes,
  });
  queues.set(endpoint, queue);
  timer ??= setTimeout(flush, FLUSH_AFTER_MS);
}

/** The tile's place on the page, as SEEN, CLICK and HOVER report it. */
export function positionOf(element: Element, layout: LayoutType): Record<string, string> {
  const r = element.getBoundingClientRect();
  return {
    position: JSON.stringify({ x: r.x, y: r.y, width: r.width, height: r.height }),
    layout_type: layout,
  };
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
