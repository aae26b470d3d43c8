// The content-safety module's face: what the rest of the server may use of it.
export { AutomaticFlagRepository } from './automatic-flag.repository.ts';
export { FirstLookService } from './first-look.service.ts';
export { NsfwClassifier, sharedClassifier } from './nsfw-classifier.ts';
