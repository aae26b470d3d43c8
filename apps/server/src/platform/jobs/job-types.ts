/**
 * Every kind of background job, by name, with the data it carries. The queue knows no feature:
 * each module adds its own kinds beside their handlers, by augmenting this interface in its
 * `*.job.ts` file (`declare module '…/job-types.ts' { interface JobCatalog { 'x.y': {…} } }`).
 * A job names what it works on; it carries ids, not copies of rows, so a retried job sees the
 * current state.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the modules
export interface JobCatalog {}

export type JobName = Extract<keyof JobCatalog, string>;
export type JobData<N extends JobName> = JobCatalog[N];
/** One job to send: a kind and its data, as one discriminated union. */
export type JobRequest = { [N in JobName]: { name: N; data: JobCatalog[N] } }[JobName];

/** Expected outcomes; anything unexpected is thrown and retried by the queue. */
export type JobOutcome = 'success' | 'failed' | 'skipped';

/** Retry policy of a job kind, kept beside its handler. */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * Higher runs first among waiting jobs of the same queue. Within a kind, the queue orders
   * jobs by their lane's backlog (see JobLane), so this orders kinds, not jobs.
   */
  priority: number;
}

/**
 * Whose work a job is, for fair queueing: each uploader's jobs of a kind take turns with every
 * other uploader's (the n-th waiting job of a lane runs after every lane's (n-1)-th), and
 * background lanes (the demo seed, imports) run after all other work.
 */
export interface JobLane {
  key: string;
  background?: boolean;
}

/** What a handler gets besides its data. */
export interface JobContext {
  /** True on the last attempt the policy allows: a throw now ends the job for good. */
  finalAttempt: boolean;
  /** Aborted when the job's deadline passes or the process stops. */
  signal: AbortSignal;
  /** The lane the job was sent in, for the jobs it sends in turn. */
  lane: JobLane | null;
}

/** A definition of any one job kind (what the queue keeps and runs). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

/** A job kind: its policy and its handler, defined together in one `*.job.ts` file. */
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  policy: RetryPolicy;
  handle(data: JobData<N>, context: JobContext): Promise<JobOutcome>;
  /**
   * Called when the last attempt threw or was interrupted (a crash found at start), so the
   * subject is not left half-done. Must be idempotent.
   */
  onGiveUp?(data: JobData<N>, error: unknown): Promise<void>;
}

/** Why a job ended without its handler throwing: the process running it stopped mid-attempt. */
export class JobInterrupted extends Error {
  constructor(message = 'interrupted: the process stopped during the final attempt') {
    super(message);
    this.name = 'JobInterrupted';
  }
}
