// The accounts module's face: what the rest of the server may use of it.
export { createAccountServices } from './account-services.ts';
export type { AccountService } from './account.service.ts';
export { accountsRoutes } from './accounts.routes.ts';
export type { ApiTokenRepository } from './api-token.repository.ts';
export { apiTokensRoutes } from './api-tokens.routes.ts';
export { AttemptLimits, consumeOrRefuse, withRetryAfter } from './attempt-limits.ts';
export type { CreatorApplicationService } from './creator-application.service.ts';
export { creatorApplicationsRoutes } from './creator-applications.routes.ts';
export { principalResolver, sessionCookie } from './current-user.ts';
export { makeAdmin } from './first-admin.ts';
export { passwordResetMailJob } from './password-reset-mail.job.ts';
export { authorize, can } from './permissions.ts';
export type { Actor } from './permissions.ts';
export type { PersonalTokenService } from './personal-token.service.ts';
export { ensureCsrfCookie, siteApiCsrf, siteCsrfCookie } from './site-security.ts';
export { staffRolesRoutes } from './staff-roles.routes.ts';
export { StaffRoleService, staffRoleChoices } from './staff-roles.service.ts';
