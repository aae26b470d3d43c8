import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from '../../modules/accounts/accounts.routes.ts';
import { apiTokensRoutes } from '../../modules/accounts/api-tokens.routes.ts';
import { creatorApplicationsRoutes } from '../../modules/accounts/creator-applications.routes.ts';
import { shareEventsRoutes } from '../../modules/analytics/share-events.routes.ts';
import { siteEventsRoutes } from '../../modules/analytics/site-events.routes.ts';
import { apiKeysRoutes } from '../../modules/api-keys/api-keys.routes.ts';
import { channelTagsRoutes } from '../../modules/channels/channel-tags.routes.ts';
import { channelsRoutes } from '../../modules/channels/channels.routes.ts';
import { favoritesRoutes } from '../../modules/favorites/favorites.routes.ts';
import { gifEditRoutes } from '../../modules/gifs/gif-edit.routes.ts';
import { uploadStatusRoutes } from '../../modules/gifs/gifs.routes.ts';
import { siteUploadRoutes } from '../../modules/gifs/upload.routes.ts';
import { instanceRoutes } from '../../modules/instance/instance.routes.ts';
import { reportsRoutes } from '../../modules/reports/reports.routes.ts';
import { moderationRoutes } from '../../modules/moderation/moderation.routes.ts';
import { languageTagsRoutes } from '../../modules/language-tags/language-tags.routes.ts';
import { moderationQueueRoutes } from '../../modules/moderation/moderation-queue.routes.ts';
import { trendingSearchModerationRoutes } from '../../modules/public-api/trending-search-moderation.routes.ts';
import type { Services } from '../services.ts';
import { usersRoutes } from '../../modules/profiles/users.routes.ts';
import { directoryRoutes } from '../../modules/profiles/directory.routes.ts';
import { studiosRoutes } from '../../modules/studios/studios.routes.ts';
import { instashareRoutes } from '../../modules/sharing/instashare.routes.ts';
import { spotifyRoutes } from '../../modules/spotify/spotify.routes.ts';
import { dashboardRoutes } from '../../modules/analytics/dashboard.routes.ts';
import { staffSearchRoutes } from '../../modules/staff-search/staff-search.routes.ts';
import { staffRolesRoutes } from '../../modules/accounts/staff-roles.routes.ts';
import { imagingRoutes } from '../../modules/imaging/imaging.routes.ts';
import { tagPredictionRoutes } from '../../modules/tag-prediction/tag-prediction.routes.ts';
import { siteRelatedTagsRoutes } from '../../modules/public-api/site-related-tags.routes.ts';
import { firstPageDataRoutes } from '../../modules/web-app/first-gifs/first-page-data.routes.ts';
import { siteApiCsrf } from '../../modules/accounts/site-security.ts';
import { notFoundUnder } from './not-found.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/**
 * The site's own calls (`/api`, `/ajax`, `/login/...`, and the imaging service's `/imaging`,
 * which the GIF maker calls the same way): a session cookie or a personal token, and the
 * double-submit CSRF check on every state-changing call, in this scope's hook.
 */
export async function siteApiSurface(
  scope: FastifyInstance,
  options: { services: Services; uploadTempDir: string; version: string },
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
    accounts: services.accounts,
    urls: services.urls,
  });
  directoryRoutes(scope, { directory: services.directory, urls: services.urls });
  studiosRoutes(scope, {
    studios: services.studios,
    accounts: services.accounts,
    urls: services.urls,
  });
  apiTokensRoutes(scope, { tokens: services.personalTokens, accounts: services.accounts });
  apiKeysRoutes(scope, { apiKeys: services.apiKeys, accounts: services.accounts });
  creatorApplicationsRoutes(scope, {
    applications: services.applications,
    accounts: services.accounts,
  });
  favoritesRoutes(scope, { favorites: services.favorites, accounts: services.accounts });
  reportsRoutes(scope, {
    reports: services.gifReports,
    accounts: services.accounts,
    limiter: services.attemptLimiter,
  });
  moderationRoutes(scope, {
    moderation: services.moderation,
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  trendingSearchModerationRoutes(scope, {
    trendingSearches: services.trendingSearchModeration,
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  gifEditRoutes(scope, {
    edits: services.gifEdits,
    metadata: services.gifMetadata,
    accounts: services.accounts,
    tokens: services.personalTokens,
    mediaBaseUrl: services.urls.mediaBaseUrl,
  });
  languageTagsRoutes(scope, {
    languageTags: services.languageTags,
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  channelsRoutes(scope, {
    channels: services.channels,
    channelGifs: services.channelGifs,
    reads: services.gifReads,
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  channelTagsRoutes(scope, {
    tags: services.channelTags,
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  shareEventsRoutes(scope, {
    shares: services.shares,
    accounts: services.accounts,
    limiter: services.attemptLimiter,
  });
  instashareRoutes(scope, { instashare: services.instashare, accounts: services.accounts });
  spotifyRoutes(scope, { spotify: services.spotify, accounts: services.accounts });
  dashboardRoutes(scope, {
    dashboards: services.dashboards,
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  staffSearchRoutes(scope, {
    staffSearch: services.staffSearch,
    csvExports: services.csvExports,
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  staffRolesRoutes(scope, {
    staffRoles: services.staffRoles,
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  moderationQueueRoutes(scope, {
    actions: services.moderationActions,
    searchReports: services.searchReports,
    queue: services.moderationQueue,
    accounts: services.accounts,
    tokens: services.personalTokens,
    limiter: services.attemptLimiter,
    publicUrl: services.urls.publicUrl,
  });
  const uploads = {
    uploads: services.uploads,
    apiKeys: services.apiKeys,
    accounts: services.accounts,
    uploadTempDir: options.uploadTempDir,
  };
  siteUploadRoutes(scope, uploads);
  uploadStatusRoutes(scope, { reads: services.gifReads });
  siteRelatedTagsRoutes(scope, { discovery: services.discovery });
  firstPageDataRoutes(scope, { firstGifs: services.firstGifs });
  await siteEventsRoutes(scope, { events: services.siteEventIngest });
  instanceRoutes(scope, { instanceStats: services.instanceStats });
  tagPredictionRoutes(scope, {
    predictions: services.tagPredictions,
    accounts: services.accounts,
    tokens: services.personalTokens,
    limiter: services.attemptLimiter,
  });
  imagingRoutes(scope, {
    trims: services.trims,
    accounts: services.accounts,
    tokens: services.personalTokens,
    limiter: services.attemptLimiter,
    uploadTempDir: options.uploadTempDir,
  });
  // `/login` itself is a site page; only the calls under it are the API's.
  await notFoundUnder(scope, ['/api', '/ajax', '/login/check', '/imaging'], false);
}
