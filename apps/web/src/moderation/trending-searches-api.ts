import type { HiddenTerm, TrendingCandidate } from '@jiffy/contracts';
import { siteJson } from '../api/site-fetch.ts';

const BASE = '/api/v4/moderation/trending-searches';

/** What moderators review: the terms people searched, the hidden ones, the blocked list. */
export interface TrendingSearchReview {
  min_visitors: number;
  candidates: TrendingCandidate[];
  hidden: HiddenTerm[];
  blocked_terms: string[];
}

export const fetchTrendingReview = () => siteJson<TrendingSearchReview>(`${BASE}?limit=50`);

export const setTermHidden = (term: string, hidden: boolean) =>
  siteJson<{ term: string; hidden: boolean; changed: boolean }>(
    `${BASE}/${hidden ? 'hide' : 'unhide'}`,
    { method: 'POST', json: { term } },
  );

export const saveBlockedTerms = (terms: string[]) =>
  siteJson<{ blocked_terms: string[] }>(`${BASE}/blocked-terms`, {
    method: 'PUT',
    json: { terms },
  });
