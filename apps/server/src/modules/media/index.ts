// The media module's face: what the rest of the server may use of it.
export { mediaRoutes } from './media.routes.ts';
export { ServableRenditions } from './servable-renditions.ts';
