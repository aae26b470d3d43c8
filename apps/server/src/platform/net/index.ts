// Outbound fetching of user-supplied URLs, guarded against server-side request forgery.
export { isPublicAddress } from './ip-classifier.ts';
export {
  assertPublicUrl,
  type HostResolver,
  type ResolvedAddress,
  type UrlPolicyOptions,
} from './address-policy.ts';
export { downloadToFile, type DownloadOptions, type DownloadResult } from './safe-download.ts';
export { guardedFetch, type GuardedFetchOptions } from './guarded-fetch.ts';
export { isPublicOrigin } from './public-origin.ts';
