import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { AccountService } from './account.service.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    /** Mails a reset link to the address typed, if it has an account (after the answer). */
    'account.password-reset-mail': { email: string };
  }
}

/** Mails a password reset link, queued by the reset request once its answer is decided. */
export function passwordResetMailJob(
  accounts: AccountService,
): JobDefinition<'account.password-reset-mail'> {
  return {
    name: 'account.password-reset-mail',
    // Ahead of media work: someone locked out is waiting for this mail.
    policy: { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, priority: 20 },
    handle: async ({ email }) => {
      await accounts.mailPasswordReset(email);
      return 'success';
    },
  };
}
