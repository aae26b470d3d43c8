// The audit-log module's face: what the rest of the server may use of it.
export { AuditLogRepository } from './audit-log.repository.ts';
export type { AuditRow } from './audit-log.repository.ts';
