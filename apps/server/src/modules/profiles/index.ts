// The profiles module's face: what the rest of the server may use of it.
export { directoryRoutes } from './directory.routes.ts';
export { DirectoryService } from './directory.service.ts';
export { presentProfile } from './profile.presenter.ts';
export { ProfileService } from './profile.service.ts';
export { usersRoutes } from './users.routes.ts';
