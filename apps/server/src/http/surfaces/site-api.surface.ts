import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from '../../accounts/accounts.routes.ts';
import { apiTokensRoutes } from '../../accounts/api-tokens.routes.ts';
import { creatorApplicationsRoutes } from '../../accounts/creator-applications.routes.ts';
import { shareEventsRoutes } from '../../analytics/share-events.routes.ts';
import { siteEventsRoutes } from '../../analytics/site-events.routes.ts';
import { apiKeysRoutes } from '../../api-keys/api-keys.routes.ts';
import { channelTagsRoutes } from '../../channels/channel-tags.routes.ts';
import { channelsRoutes } from '../../channels/channels.routes.ts';
import { favoritesRoutes } from '../../favorites/favorites.routes.ts';
import { gifEditRoutes } from '../../gifs/gif-edit.routes.ts';
import { uploadStatusRoutes } from '../../gifs/gifs.routes.ts';
import { siteUploadRoutes } from '../../gifs/upload.routes.ts';
import { instanceRoutes } from '../../instance/instance.routes.ts';
import { reportsRoutes } from '../../reports/reports.routes.ts';
import { moderationRoutes } from '../../moderation/moderation.routes.ts';
import { languageTagsRoutes } from '../../language-tags/language-tags.routes.ts';
import { moderationQueueRoutes } from '../../moderation/moderation-queue.routes.ts';
import { trendingSearchModerationRoutes } from '../../moderation/trending-search-moderation.routes.ts';
import type { Services } from '../../services.ts';
import { usersRoutes } from '../../users/users.routes.ts';
import { directoryRoutes } from '../../users/directory.routes.ts';
import { studiosRoutes } from '../../studios/studios.routes.ts';
import { instashareRoutes } from '../../sharing/instashare.routes.ts';
import { spotifyRoutes } from '../../spotify/spotify.routes.ts';
import { dashboardRoutes } from '../../analytics/dashboard.routes.ts';
import { staffSearchRoutes } from '../../staff-search/staff-search.routes.ts';
import { staffRolesRoutes } from '../../accounts/staff-roles.routes.ts';
import { imagingRoutes } from '../../imaging/imaging.routes.ts';
import { tagPredictionRoutes } from '../../tag-prediction/tag-prediction.routes.ts';
import { siteRelatedTagsRoutes } from '../../public-api/site-related-tags.routes.ts';
import { firstPageDataRoutes } from '../../web-app/first-gifs/first-page-data.routes.ts';
import { siteApiCsrf } from '../site-security.ts';
import { notFoundUnder } from './not-found.ts';
import { declareSurface } from './surface.ts';

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
