// The sharing module's face: what the rest of the server may use of it.
export { instashareRoutes } from './instashare.routes.ts';
export { InstashareService } from './instashare.service.ts';
