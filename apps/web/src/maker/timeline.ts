import { OUTPUT_FPS, type Timing } from './scene.ts';

/** The shortest span the selector allows: a few frames at least. */
export const MIN_SPAN = 0.2;

/** How long one loop of the GIF lasts, in seconds of the GIF. */
export function loopSeconds(timing: Timing): number {
  return (timing.end - timing.start) / timing.speed;
}

/** The GIF's frames: how many, and each one's time in the GIF (0, 1/fps, …). */
export function frameTimes(timing: Timing, fps = OUTPUT_FPS): number[] {
  const count = Math.max(1, Math.round(loopSeconds(timing) * fps));
  return Array.from({ length: count }, (_, i) => i / fps);
}

/** The moment of the clip shown at time `t` of the GIF. */
export function sourceTimeAt(timing: Timing, t: number): number {
  return Math.min(timing.end, timing.start + t * timing.speed);
}

/** The inverse: the GIF's time while the clip is at `sourceTime` (live preview). */
export function gifTimeAt(timing: Timing, sourceTime: number): number {
  return Math.max(0, (sourceTime - timing.start) / timing.speed);
}

/** Times of the filmstrip's pictures: `count` evenly over the clip, each in its slot's middle. */
export function filmstripTimes(duration: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => ((i + 0.5) * duration) / count);
}

/**
 * A new start or end from the selector, kept in the clip and at least MIN_SPAN apart (the
 * other handle gives way rather than the one being moved).
 */
export function moveHandle(
  timing: Timing,
  handle: 'start' | 'end',
  value: number,
  duration: number,
  maxSpan: number,
): Timing {
  const span = Math.min(MIN_SPAN, duration);
  if (handle === 'start') {
    const start = clamp(value, 0, duration - span);
    const end = clamp(timing.end, start + span, Math.min(duration, start + maxSpan));
    return { ...timing, start, end };
  }
  const end = clamp(value, span, duration);
  const start = clamp(timing.start, Math.max(0, end - maxSpan), end - span);
  return { ...timing, start, end };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * Each frame's delay in ms, whole centiseconds as GIF stores them, alternating so the loop
 * keeps the frame rate (15 fps: 70, 60, 70 ms… rather than 70 ms throughout, 5% slow).
 */
export function frameDelaysMs(count: number, fps = OUTPUT_FPS): number[] {
  const cs = (i: number) => Math.round((i * 100) / fps);
  return Array.from({ length: count }, (_, i) => (cs(i + 1) - cs(i)) * 10);
}
