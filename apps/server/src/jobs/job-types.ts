/**
 * Every kind of background job, as one discriminated union. A job names what it works on; it
 * carries ids, not copies of rows, so a retried job sees the current state.
 */
export type JobRequest =
  | { name: 'gif.process'; data: { gifId: string } }
  | { name: 'gif.renditions-rest'; data: { gifId: string } }
  | { name: 'trending.recompute'; data: Record<string, never> }
  | { name: 'moderation.purge-quarantine'; data: Record<string, never> };

export type JobName = JobRequest['name'];
export type JobData<N extends JobName> = Extract<JobRequest, { name: N }>['data'];

/** Expected outcomes; anything unexpected is thrown and retried by the queue. */
export type JobOutcome = 'success' | 'failed' | 'skipped';

/** Retry policy of a job kind, kept beside its handler. */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** Higher runs first among waiting jobs of the same queue. */
  priority: number;
}

/** What a handler gets besides its data. */
export interface JobContext {
  /** True on the last attempt the policy allows: a throw now ends the job for good. */
  finalAttempt: boolean;
  /** Aborted when the job's deadline passes or the process stops. */
  signal: AbortSignal;
}

/** A definition of any one job kind (what the queue keeps and runs). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

/** A job kind: its policy and its handler, defined together in one `*.job.ts` file. */
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  policy: RetryPolicy;
  handle(data: JobData<N>, context: JobContext): Promise<JobOutcome>;
  /** Called once when the last attempt threw, so the subject is not left half-done. */
  onGiveUp?(data: JobData<N>, error: unknown): Promise<void>;
}
