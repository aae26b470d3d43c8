// The moderation module's face: what the rest of the server may use of it.
export type { ModerationActionService } from './moderation-actions.service.ts';
export { moderationQueueRoutes } from './moderation-queue.routes.ts';
export { createModerationServices } from './moderation-services.ts';
export { moderationRoutes } from './moderation.routes.ts';
export type { ModerationService } from './moderation.service.ts';
export { announcePurge, announceTermRules, listenForPurges } from './purge-broadcast.ts';
export { quarantinePurgeJob } from './quarantine-purge.job.ts';
export type { QueueService } from './queue.service.ts';
export type { SearchReportService } from './search-report.service.ts';
