// The widgets module's face: what the rest of the server may use of it.
export { widgetsRoutes } from './widgets.routes.ts';
