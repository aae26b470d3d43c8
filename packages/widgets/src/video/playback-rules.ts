/** Quartile events, each fired once per loop. */
export const QUARTILES = [0.25, 0.5, 0.75] as const;
export type Quartile = (typeof QUARTILES)[number];
/** The widget's volume unless the caller gives one. */
export const DEFAULT_VOLUME = 0.7;

/**
 * Progress bar: the share of the video played, shown as 100% once past 98% of a video
 * shorter than 10 s (a short loop would otherwise never look finished before it restarts).
 */
export function progressShown(currentTime: number, duration: number): number {
  if (!(duration > 0)) return 0;
  const progress = Math.min(1, Math.max(0, currentTime / duration));
  return duration < 10 && progress > 0.98 ? 1 : progress;
}

/** The quartiles reached at `progress` that this loop has not fired yet, in order. */
export function quartilesDue(progress: number, fired: ReadonlySet<Quartile>): Quartile[] {
  return QUARTILES.filter((q) => progress >= q && !fired.has(q));
}
