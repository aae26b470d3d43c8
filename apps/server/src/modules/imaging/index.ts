// The imaging module's face: what the rest of the server may use of it.
export { imagingRoutes } from './imaging.routes.ts';
export { TrimService } from './trim.service.ts';
