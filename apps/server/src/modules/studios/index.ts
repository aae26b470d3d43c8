// The studios module's face: what the rest of the server may use of it.
export { StudioRepository } from './studio.repository.ts';
export { StudioService } from './studio.service.ts';
export { studiosRoutes } from './studios.routes.ts';
