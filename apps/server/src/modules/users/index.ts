// The users module's face: what the rest of the server may use of it.
export { avatarRenderJob } from './avatar-render.job.ts';
export { avatarStorageKey, avatarUrl } from './avatar-urls.ts';
export { AvatarService } from './avatar.service.ts';
export { UserRepository } from './user.repository.ts';
export type { ProfileField } from './user.repository.ts';
