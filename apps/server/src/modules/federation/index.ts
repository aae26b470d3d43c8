// The federation module's face: what the rest of the server may use of it.
export { createFederationServices } from './federation-services.ts';
export type { FederationServices } from './federation-services.ts';
export { federationAdminRoutes } from './federation-admin.routes.ts';
export { federationRoutes } from './federation.routes.ts';
