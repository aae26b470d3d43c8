import type { JobQueue } from './job-queue.ts';
import type { JobRequest } from './job-types.ts';

/**
 * Asks for each periodic job once per period from this worker node (the queue runs one per
 * period across all nodes). Returns a function that stops asking.
 */
export function startPeriodicJobs(
  queue: JobQueue,
  jobs: { job: JobRequest; periodSeconds: number }[],
  onError: (error: unknown) => void,
): () => void {
  const ask = () => {
    for (const { job, periodSeconds } of jobs) {
      queue.enqueuePeriodic(job, periodSeconds).catch(onError);
    }
  };
  ask();
  const shortest = Math.min(...jobs.map((j) => j.periodSeconds));
  const timer = setInterval(ask, shortest * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
