import { channel } from 'node:diagnostics_channel';

/** One timed step of rendering (an ffmpeg run, a sharp pipeline, a file measured or copied). */
export interface MediaTraceEvent {
  step: string;
  /** `performance.now()` at the start and end of the step. */
  start: number;
  end: number;
}

/**
 * `bench/media/trace.bench.ts` subscribes to this channel to see where a render's wall time
 * goes; with no subscriber, `traced` costs one property read per step.
 */
export const mediaTraceChannel = channel('jiffy:media:step');

/** Runs `work`, publishing its start and end to `mediaTraceChannel` when anyone listens. */
export async function traced<T>(step: string | (() => string), work: () => Promise<T>): Promise<T> {
  if (!mediaTraceChannel.hasSubscribers) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    const event: MediaTraceEvent = {
      step: typeof step === 'string' ? step : step(),
      start,
      end: performance.now(),
    };
    mediaTraceChannel.publish(event);
  }
}
