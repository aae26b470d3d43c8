import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { UserRepository } from '../users/index.ts';
import { AccountRepository } from './account.repository.ts';
import { AccountService, type AccountServiceDeps } from './account.service.ts';
import { ApiTokenRepository } from './api-token.repository.ts';
import { CreatorApplicationRepository } from './creator-application.repository.ts';
import { CreatorApplicationService } from './creator-application.service.ts';
import { PendingSignupRepository } from './pending-signup.repository.ts';
import { PersonalTokenService } from './personal-token.service.ts';

/** Accounts, their tokens and creator applications, wired together (createServices calls this). */
export function createAccountServices(deps: {
  db: Kysely<Database>;
  users: UserRepository;
  mailer: Mailer;
  publicUrl: string;
  jobs: AccountServiceDeps['jobs'];
}) {
  const { db } = deps;
  const apiTokens = new ApiTokenRepository(db);
  return {
    accounts: new AccountService({
      accounts: new AccountRepository(db),
      pending: new PendingSignupRepository(db),
      users: deps.users,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      jobs: deps.jobs,
    }),
    apiTokens,
    personalTokens: new PersonalTokenService(apiTokens),
    applications: new CreatorApplicationService(new CreatorApplicationRepository(db)),
  };
}
