// The embed module's face: what the rest of the server may use of it.
export { SITE_NAME } from './embed-page.ts';
export { embedRoutes } from './embed.routes.ts';
export { oembedRoutes } from './oembed.routes.ts';
