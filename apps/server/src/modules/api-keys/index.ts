// The api-keys module's face: what the rest of the server may use of it.
export { ApiKeyRepository } from './api-key.repository.ts';
export { ApiKeyService } from './api-key.service.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
