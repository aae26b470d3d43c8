import { JiffyFetch } from '@jiffy/fetch-api';
import { reportFeedRequest } from '../analytics/page-views.ts';

/**
 * The site's API key: the server writes it into the page (`<meta name="jiffy-api-key">`); the
 * dev server has no server-written page, so there it comes from VITE_JIFFY_API_KEY.
 */
export function apiKey(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="jiffy-api-key"]');
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  return meta?.content || env?.VITE_JIFFY_API_KEY || '';
}

/**
 * The one API client of the site, talking to the server it was loaded from. Each request it
 * makes passes by the analytics, which count a feed's later pages as page views.
 */
export const api = new JiffyFetch(apiKey(), {
  serverUrl: location.origin,
  sdkName: 'JiffyWeb',
  fetch: (input, init) => {
    reportFeedRequest(input instanceof Request ? input.url : String(input));
    return globalThis.fetch(input, init);
  },
});
