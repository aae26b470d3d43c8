import type { Kysely } from 'kysely';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { Database, UserRow } from '../../platform/db/schema.ts';
import type { TableWrites } from '../../platform/db/table-writes.ts';
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
  caches: CacheRegistry;
  tableWrites: TableWrites;
}) {
  const { db } = deps;
  const apiTokens = new ApiTokenRepository(db);
  // A second is enough for the bursts a page or an app sends, and bounds how long another
  // process's change of a user (a ban, a role) or end of a session takes to show here; writes
  // in this process (every one goes through its Kysely) forget them all at once.
  const sessionUsers = deps.caches.create<UserRow>({
    name: 'session_users',
    max: 10_000,
    ttlMs: 1_000,
  });
  deps.tableWrites.watch(['users', 'sessions'], () => sessionUsers.clear());
  return {
    accounts: new AccountService({
      accounts: new AccountRepository(db),
      pending: new PendingSignupRepository(db),
      users: deps.users,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      jobs: deps.jobs,
      sessionUsers,
    }),
    apiTokens,
    personalTokens: new PersonalTokenService(apiTokens),
    applications: new CreatorApplicationService(new CreatorApplicationRepository(db)),
  };
}
