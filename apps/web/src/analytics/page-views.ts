import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTypeFor } from './page-type.ts';
import { virtualPageUrl } from './virtual-page.ts';

/** Jiffy's own analytics endpoint; nothing goes to third parties. */
const ENDPOINT = '/api/v1/analytics/events';
/** API feeds whose later pages count as page views of their own (§2 rewrites). */
const FEEDS = /^\/v1\/(gifs\/search|stickers\/search|stickers\/trending|gifs\/related)\/?$/;

function sendPageView(page: string): void {
  const event = { category: 'PageView', action: pageTypeFor(page), page, ts: Date.now() };
  const body = JSON.stringify({ events: [event] });
  // sendBeacon survives navigation away; a blocked beacon is simply lost.
  if (!navigator.sendBeacon?.(ENDPOINT, body)) {
    void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

/** Reports each page the visitor sees (`PageView`, its §2 page type, the path). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => sendPageView(pathname), [pathname]);
}

/**
 * Reports a feed's later pages (infinite scroll) as the virtual pages of §2, given the API
 * request that loads one. The first page is the page the visitor opened, already reported.
 */
export function reportFeedRequest(requestUrl: string): void {
  const url = new URL(requestUrl, location.origin);
  if (!FEEDS.test(url.pathname) || !Number(url.searchParams.get('offset'))) return;
  const page = virtualPageUrl(url.href);
  if (page) sendPageView(page);
}
