import type { ShareType } from '@jiffy/contracts';
import { siteFetch } from './site-fetch.ts';

/**
 * Tells the server a share button was used (`POST /ajax/gif/:id/analytic/:type/`, with the CSRF
 * echo). Fire and forget: a share that could not be counted must not get in the sharer's way.
 */
export function recordShare(gifId: string, type: ShareType): void {
  void siteFetch(`/ajax/gif/${encodeURIComponent(gifId)}/analytic/${type}/`, {
    method: 'POST',
  }).catch(() => undefined);
}
