// The gifs module's face: what the rest of the server may use of it.
export { ctaRoutes } from './cta.routes.ts';
export { GifCtaService } from './gif-cta.service.ts';
export { gifEditRoutes } from './gif-edit.routes.ts';
export { GifEditService } from './gif-edit.service.ts';
export { GifMetadataRepository } from './gif-metadata.repository.ts';
export { GifMetadataService } from './gif-metadata.service.ts';
export { gifProcessJob } from './gif-process.job.ts';
export { GifProcessingService } from './gif-processing.service.ts';
export type { GifProcessingDeps } from './gif-processing.service.ts';
export { GifReadService } from './gif-read.service.ts';
export type { ListedGif, PackedGif } from './gif-read.service.ts';
export { gifRenditionsRestJob } from './gif-renditions-rest.job.ts';
export { gifSettleJob } from './gif-settle.job.ts';
export {
  RESPONSE_ID_SLOT,
  analyticsPayload,
  presentGifUser,
  shownGifColumns,
  shownUserColumns,
} from './gif.presenter.ts';
export type { PresenterUrls, ShownGif, ShownUser } from './gif.presenter.ts';
export { GifRepository } from './gif.repository.ts';
export { gifsRoutes, uploadStatusRoutes } from './gifs.routes.ts';
export { mediaUrl, ownMediaUrl } from './images.presenter.ts';
export type { ShownRendition } from './images.presenter.ts';
export { RenditionRepository } from './rendition.repository.ts';
export { SerializedGifCache } from './serialized-gif-cache.ts';
export { SettleSweep } from './settle-sweep.ts';
export { SlottedJson } from './slotted-json.ts';
export { UploadQuota } from './upload-quota.ts';
export { publicUploadRoutes, siteUploadRoutes } from './upload.routes.ts';
export { UploadService } from './upload.service.ts';
