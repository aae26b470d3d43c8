// The analytics module's face: what the rest of the server may use of it.
export { analyticsRollupJob } from './analytics-rollup.job.ts';
export { createAnalyticsServices } from './analytics-services.ts';
export { dashboardRoutes } from './dashboard.routes.ts';
export type { DashboardService } from './dashboard.service.ts';
export type { PingbackIngestService } from './pingback-ingest.service.ts';
export type { PingbackRepository } from './pingback.repository.ts';
export { pingbackRoutes } from './pingback.routes.ts';
export type { RollupRepository } from './rollup.repository.ts';
export type { ShareEventService } from './share-event.service.ts';
export { shareEventsRoutes } from './share-events.routes.ts';
export type { SiteEventRepository } from './site-event.repository.ts';
export type { SiteEventService } from './site-event.service.ts';
export { siteEventsRoutes } from './site-events.routes.ts';
