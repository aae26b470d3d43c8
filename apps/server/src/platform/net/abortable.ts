/**
 * Settles with `work`, or rejects with the signal's reason as soon as it aborts — for steps
 * that cannot be cancelled themselves (a DNS lookup, waiting on a stream that may never
 * emit again), so a deadline holds no matter what the other side does. `work` is still
 * observed afterwards, so its late rejection is never unhandled.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
