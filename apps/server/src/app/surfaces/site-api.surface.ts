import type { FastifyInstance } from 'fastify';
import {
  accountsRoutes,
  apiTokensRoutes,
  creatorApplicationsRoutes,
  staffRolesRoutes,
  siteApiCsrf,
} from '../../modules/accounts/index.ts';
import {
  shareEventsRoutes,
  siteEventsRoutes,
  dashboardRoutes,
} from '../../modules/analytics/index.ts';
import { apiKeysRoutes } from '../../modules/api-keys/index.ts';
import { channelTagsRoutes, channelsRoutes } from '../../modules/channels/index.ts';
import { favoritesRoutes } from '../../modules/favorites/index.ts';
import { gifEditRoutes, uploadStatusRoutes, siteUploadRoutes } from '../../modules/gifs/index.ts';
import { instanceRoutes } from '../../modules/instance/index.ts';
import { reportsRoutes } from '../../modules/reports/index.ts';
import { moderationRoutes, moderationQueueRoutes } from '../../modules/moderation/index.ts';
import { languageTagsRoutes } from '../../modules/language-tags/index.ts';
import {
  trendingSearchModerationRoutes,
  searchSuggestionsRoutes,
  siteRelatedTagsRoutes,
} from '../../modules/public-api/index.ts';
import type { Services } from '../services.ts';
import { usersRoutes, directoryRoutes } from '../../modules/profiles/index.ts';
import { studiosRoutes } from '../../modules/studios/index.ts';
import { federationAdminRoutes } from '../../modules/federation/index.ts';
import { instashareRoutes } from '../../modules/sharing/index.ts';
import { spotifyRoutes } from '../../modules/spotify/index.ts';
import { staffSearchRoutes } from '../../modules/staff-search/index.ts';
import { imagingRoutes } from '../../modules/imaging/index.ts';
import { tagPredictionRoutes } from '../../modules/tag-prediction/index.ts';
import { firstPageDataRoutes } from '../../modules/web-app/index.ts';
import { notFoundUnder } from './not-found.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/**
 * The site's own calls (`/api`, `/ajax`, `/login/...`, and the imaging service's `/imaging`,
 * which the GIF maker calls the same way): a session cookie or a personal token, and the
 * double-submit CSRF check on every state-changing call, in this scope's hook.
 */
export async function siteApiSurface(
  scope: FastifyInstance,
  options: {
    services: Pick<
      Services,
      | 'federation'
      | 'accounts'
      | 'apiKeys'
      | 'applications'
      | 'attemptLimiter'
      | 'channelGifs'
      | 'channelTags'
      | 'channels'
      | 'csvExports'
      | 'dashboards'
      | 'directory'
      | 'discovery'
      | 'favorites'
      | 'firstGifs'
      | 'searchSuggestions'
      | 'gifEdits'
      | 'gifMetadata'
      | 'gifReads'
      | 'gifReports'
      | 'instanceStats'
      | 'instashare'
      | 'languageTags'
      | 'moderation'
      | 'moderationActions'
      | 'moderationQueue'
      | 'personalTokens'
      | 'profiles'
      | 'searchReports'
      | 'shares'
      | 'siteEventIngest'
      | 'spotify'
      | 'staffRoles'
      | 'staffSearch'
      | 'studios'
      | 'tagPredictions'
      | 'trendingSearchModeration'
      | 'trims'
      | 'uploads'
      | 'urls'
    >;
    uploadTempDir: string;
    version: string;
  },
): Promise<void> {
  const { services } = options;
  declareSurface(scope, 'site-api', ['/api/*', '/ajax/*', '/login/*', '/imaging/*']);
  siteApiCsrf(scope, { tokens: services.personalTokens });

  accountsRoutes(scope, {
    accounts: services.accounts,
    limiter: services.attemptLimiter,
    build: { version: options.version },
  });
  usersRoutes(scope, {
    profiles: services.profiles,
    uploadTempDir: options.uploadTempDir,
    urls: services.urls,
  });
  directoryRoutes(scope, { directory: services.directory, urls: services.urls });
  studiosRoutes(scope, { studios: services.studios, urls: services.urls });
  apiTokensRoutes(scope, { tokens: services.personalTokens });
  apiKeysRoutes(scope, { apiKeys: services.apiKeys });
  creatorApplicationsRoutes(scope, { applications: services.applications });
  favoritesRoutes(scope, { favorites: services.favorites });
  reportsRoutes(scope, { reports: services.gifReports, limiter: services.attemptLimiter });
  moderationRoutes(scope, {
    moderation: services.moderation,
  });
  trendingSearchModerationRoutes(scope, {
    trendingSearches: services.trendingSearchModeration,
  });
  gifEditRoutes(scope, {
    edits: services.gifEdits,
    metadata: services.gifMetadata,
    mediaBaseUrl: services.urls.mediaBaseUrl,
  });
  languageTagsRoutes(scope, {
    languageTags: services.languageTags,
  });
  channelsRoutes(scope, {
    channels: services.channels,
    channelGifs: services.channelGifs,
    reads: services.gifReads,
  });
  channelTagsRoutes(scope, {
    tags: services.channelTags,
  });
  shareEventsRoutes(scope, { shares: services.shares, limiter: services.attemptLimiter });
  instashareRoutes(scope, { instashare: services.instashare });
  spotifyRoutes(scope, { spotify: services.spotify });
  dashboardRoutes(scope, {
    dashboards: services.dashboards,
  });
  staffSearchRoutes(scope, {
    staffSearch: services.staffSearch,
    csvExports: services.csvExports,
  });
  staffRolesRoutes(scope, {
    staffRoles: services.staffRoles,
  });
  federationAdminRoutes(scope, { admin: services.federation.admin });
  moderationQueueRoutes(scope, {
    actions: services.moderationActions,
    searchReports: services.searchReports,
    queue: services.moderationQueue,
    limiter: services.attemptLimiter,
    publicUrl: services.urls.publicUrl,
  });
  const uploads = {
    uploads: services.uploads,
    apiKeys: services.apiKeys,
    uploadTempDir: options.uploadTempDir,
  };
  siteUploadRoutes(scope, uploads);
  uploadStatusRoutes(scope, { reads: services.gifReads });
  siteRelatedTagsRoutes(scope, { discovery: services.discovery });
  searchSuggestionsRoutes(scope, { suggestions: services.searchSuggestions });
  firstPageDataRoutes(scope, { firstGifs: services.firstGifs });
  await siteEventsRoutes(scope, { events: services.siteEventIngest });
  instanceRoutes(scope, { instanceStats: services.instanceStats });
  tagPredictionRoutes(scope, {
    predictions: services.tagPredictions,
    limiter: services.attemptLimiter,
  });
  imagingRoutes(scope, {
    trims: services.trims,
    limiter: services.attemptLimiter,
    uploadTempDir: options.uploadTempDir,
  });
  // `/login` itself is a site page; only the calls under it are the API's.
  await notFoundUnder(scope, ['/api', '/ajax', '/login/check', '/imaging'], false);
}
