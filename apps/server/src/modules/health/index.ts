// The health module's face: what the rest of the server may use of it.
export { healthRoutes } from './health.routes.ts';
export type { HealthService } from './health.service.ts';
export { createNodeHealth } from './node-health.ts';
