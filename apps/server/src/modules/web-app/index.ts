// The web-app module's face: what the rest of the server may use of it.
export { FirstGifsService } from './first-gifs/first-gifs.service.ts';
export { firstPageDataRoutes } from './first-gifs/first-page-data.routes.ts';
export { webAppRoutes } from './web-app.routes.ts';
export type { SitePages } from './web-app.routes.ts';
