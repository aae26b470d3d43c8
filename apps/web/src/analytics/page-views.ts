import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../account/use-session.ts';
import { pageTypeFor } from './page-type.ts';
import { userContextOf, type UserContext } from './user-context.ts';
import { virtualPageUrl } from './virtual-page.ts';

/** Jiffy's own analytics endpoint; nothing goes to third parties. */
const ENDPOINT = '/api/v1/analytics/events';
/** API feeds whose later pages count as page views of their own. */
const FEEDS = /^\/v1\/(gifs\/search|stickers\/search|stickers\/trending|gifs\/related)\/?$/;

// The latest user context, set by usePageViews; feed page views read it too.
let context: UserContext = userContextOf(null);

function sendPageView(page: string): void {
  const event = {
    category: 'PageView',
    action: pageTypeFor(page),
    label: JSON.stringify(context),
    page,
    ts: Date.now(),
  };
  const body = JSON.stringify({ events: [event] });
  // sendBeacon survives navigation away; a blocked beacon is simply lost.
  if (!navigator.sendBeacon?.(ENDPOINT, body)) {
    void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

/**
 * Reports each page the visitor sees (`PageView`, its page type, the path, and the user's analytics
 * context as its label), once it is known who is signed in.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const session = useSession();
  const known = !session.isPending;
  const user = session.data?.user;
  useEffect(() => {
    if (!known) return;
    context = userContextOf(user);
    sendPageView(pathname);
    // A new page, or the first answer about who is signed in; not every session refetch.
  }, [pathname, known]);
}

/**
 * Reports a feed's later pages (infinite scroll) as virtual pages of their own, given the API
 * request that loads one. The first page is the page the visitor opened, already reported.
 */
export function reportFeedRequest(requestUrl: string): void {
  const url = new URL(requestUrl, location.origin);
  if (!FEEDS.test(url.pathname) || !Number(url.searchParams.get('offset'))) return;
  const page = virtualPageUrl(url.href);
  if (page) sendPageView(page);
}

/**
 * Reports a channel feed's later pages, which the page loads from the site API rather than
 * through the public API's client, as `/channels/{path}/page/{n}`.
 */
export function reportChannelFeedPage(path: string, page: { offset: number; limit: number }): void {
  if (page.offset <= 0) return;
  sendPageView(`/channels/${path}/page/${Math.floor(page.offset / page.limit) + 1}`);
}

/**
 * Reports a feed's first page as a virtual page of its own, for feeds shown inside another
 * page (the maker's sticker search and trending: `/create/gifmaker/decorate/stickers/…`).
 */
export function reportEmbeddedFeed(requestUrl: string): void {
  const page = virtualPageUrl(new URL(requestUrl, location.origin).href);
  if (page) sendPageView(page);
}
