/** Where the player's events go: Jiffy's own analytics endpoint, never a third party. */
export const EVENTS_PATH = '/api/v1/analytics/events';

interface EmbedEvent {
  category: 'Embed';
  action: string;
  label: string;
  page: string;
  gif_id: string;
  ts: number;
}

let queue: EmbedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  timer = undefined;
  if (queue.length === 0) return;
  const body = JSON.stringify({ events: queue });
  queue = [];
  try {
    // A beacon survives the frame being closed; blocked or failed sends are simply lost.
    if (!navigator.sendBeacon?.(EVENTS_PATH, body)) {
      void fetch(EVENTS_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  } catch {
    // Analytics must never break the player.
  }
}

/** Records one player event (category 'Embed' with an action and a label), batched. */
export function track(gifId: string, action: string, label: string): void {
  queue.push({
    category: 'Embed',
    action,
    label,
    page: location.pathname,
    gif_id: gifId,
    ts: Date.now(),
  });
  timer ??= setTimeout(flush, 500);
  if (queue.length >= 20) flush();
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
