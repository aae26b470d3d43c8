export { JiffyFetch, SDK_NAME, SDK_VERSION } from './client.ts';
export type {
  ClientOptions,
  GifResult,
  GifsResult,
  ListOptions,
  MediaType,
  SearchOptions,
} from './client.ts';
export { PublicAPIError, ResponseError } from './errors.ts';
export { GifPager } from './paging.ts';
export { buildUrl } from './request.ts';
