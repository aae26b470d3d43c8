// The favorites module's face: what the rest of the server may use of it.
export { FavoriteRepository } from './favorite.repository.ts';
export { FavoriteService } from './favorite.service.ts';
export { favoritesRoutes } from './favorites.routes.ts';
