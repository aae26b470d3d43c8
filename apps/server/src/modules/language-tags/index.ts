// The language-tags module's face: what the rest of the server may use of it.
export { LanguageTagRepository } from './language-tag.repository.ts';
export { LanguageTagService } from './language-tag.service.ts';
export { languageTagsRoutes } from './language-tags.routes.ts';
