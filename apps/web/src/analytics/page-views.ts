import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTypeFor } from './page-type.ts';

/** Jiffy's own analytics endpoint; nothing goes to third parties. */
const ENDPOINT = '/api/v1/analytics/events';

/** Reports each page the visitor sees (`PageView`, its §2 page type, the path). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const event = { category: 'PageView', action: pageTypeFor(pathname), page: pathname };
    const body = JSON.stringify({ events: [{ ...event, ts: Date.now() }] });
    // sendBeacon survives navigation away; a blocked beacon is simply lost.
    if (!navigator.sendBeacon?.(ENDPOINT, body)) {
      void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  }, [pathname]);
}
