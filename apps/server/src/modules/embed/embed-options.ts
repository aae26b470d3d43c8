import type { EmbedOptions } from '@jiffy/embed/server';

const truthy = (value: unknown, fallback: boolean): boolean => {
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  if (typeof first !== 'string') return fallback;
  if (/^(1|true|yes|on)$/i.test(first)) return true;
  if (/^(0|false|no|off)$/i.test(first)) return false;
  return fallback;
};

/**
 * The embedder's choices from the frame's query string: autoplay, loop and muted (each on
 * unless `=0`), hide chrome (`hide_chrome=1`, also `hidechrome` and `chrome=0`) and hide the
 * source video's Watch button (`hide_video=1`). Anything
 * unreadable keeps the default; an embed never fails on its query.
 */
export function embedOptions(query: unknown): EmbedOptions {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const chrome = truthy(q.chrome, true);
  return {
    autoplay: truthy(q.autoplay, true),
    loop: truthy(q.loop, true),
    muted: truthy(q.muted, true),
    hideChrome: truthy(q.hide_chrome ?? q.hidechrome, false) || !chrome,
    hideVideo: truthy(q.hide_video, false),
    trackingQuery: trackingQueryOf(q),
  };
}

const OPTION_NAMES = new Set([
  'autoplay',
  'loop',
  'muted',
  'chrome',
  'hide_chrome',
  'hidechrome',
  'hide_video',
]);
const MAX_TRACKING_PARAMS = 10;

/** The query parameters that are not player options, kept to pass on (names and sizes capped). */
function trackingQueryOf(q: Record<string, unknown>): string {
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(q)) {
    if (OPTION_NAMES.has(name) || !/^[A-Za-z0-9_.-]{1,32}$/.test(name)) continue;
    if (typeof value !== 'string' || value.length > 200) continue;
    if ([...kept.keys()].length >= MAX_TRACKING_PARAMS) break;
    kept.set(name, value);
  }
  return kept.toString();
}
