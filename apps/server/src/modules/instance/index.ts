// The instance module's face: what the rest of the server may use of it.
export { InstanceStatsService } from './instance-stats.service.ts';
export { instanceRoutes } from './instance.routes.ts';
