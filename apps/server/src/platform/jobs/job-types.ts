import type { StaffFilters } from '../../modules/staff-search/staff-search-input.schema.ts';

/**
 * Every kind of background job, as one discriminated union. A job names what it works on; it
 * carries ids, not copies of rows, so a retried job sees the current state.
 */
export type JobRequest =
  | { name: 'gif.process'; data: { gifId: string } }
  | { name: 'gif.renditions-rest'; data: { gifId: string } }
  | { name: 'trending.recompute'; data: Record<string, never> }
  | { name: 'avatar.render'; data: { userId: string; key: string } }
  | { name: 'gif.settle'; data: Record<string, never> }
  | { name: 'moderation.purge-quarantine'; data: Record<string, never> }
  | {
      name: 'staff-search.export-csv';
      data: { exportId: string; userId: string; filters: StaffFilters };
    }
  /** Brings a channel's GIFs in line with its magic tags (issue 22). */
  | { name: 'channel.sync-magic-tags'; data: { channelId: number } }
  | { name: 'analytics.rollup'; data: Record<string, never> }
  /** Mails a reset link to the address typed, if it has an account (after the answer). */
  | { name: 'account.password-reset-mail'; data: { email: string } };

export type JobName = JobRequest['name'];
export type JobData<N extends JobName> = Extract<JobRequest, { name: N }>['data'];

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
