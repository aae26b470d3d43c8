import pLimit from 'p-limit';

/**
 * Every sharp pipeline runs on one thread of libuv's pool (4 threads unless UV_THREADPOOL_SIZE
 * says otherwise), the same pool that serves `fs` calls. Four avatar renders at once took all
 * four, and `/media/…` files waited seconds for a thread to open and read them. So
 * at most the pool's size minus two pipelines run at once (at least one): file serving always
 * keeps two threads, and rendering waits its turn here instead.
 */
const poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const sharpSlotCount = Math.max(1, poolSize - 2);
const limit = pLimit(sharpSlotCount);

/** Runs `work` (one sharp pipeline, from `sharp(...)` to its output) when a slot is free. */
export function inSharpSlot<T>(work: () => Promise<T>): Promise<T> {
  return limit(work);
}
