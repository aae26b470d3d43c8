// The tenor module's face: what the rest of the server may use of it.
export { OnDemandRenditionService } from './on-demand-renditions.service.ts';
export { TenorCursors } from './tenor-cursor.ts';
export { TENOR_PATHS, tenorRoutes } from './tenor.routes.ts';
export { TenorService } from './tenor.service.ts';
