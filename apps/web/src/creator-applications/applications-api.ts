import type { MyApplication } from '@jiffy/contracts';
import { siteJson } from '../api/site-fetch.ts';

export type { MyApplication };

/** An application waiting for review, as moderators list it. */
export interface PendingApplication {
  id: string;
  message: string;
  portfolio_url: string | null;
  created_at: string;
  user_id: string;
  username: string;
}

export type Decision = 'approve' | 'reject';

/** The server answers at most this many pending applications, oldest first, with no paging. */
export const PENDING_LIMIT = 100;

export const PENDING_KEY = ['creator-applications', 'pending'] as const;
export const MINE_KEY = ['creator-applications', 'mine'] as const;

export const fetchPending = () => siteJson<PendingApplication[]>('/api/v3/creator-applications');

/** A decision, with the moderator's note to the applicant when they wrote one. */
export const decideApplication = (id: string, decision: Decision, note: string) =>
  siteJson<{ id: string; status: string }>(
    `/api/v3/creator-applications/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST', ...(note.trim() ? { json: { note: note.trim() } } : {}) },
  );

export const fetchMyApplication = () =>
  siteJson<MyApplication | null>('/api/v3/creator-applications/mine');

export const applyAsCreator = (input: { message: string; portfolio: string }) =>
  siteJson<{ id: string; status: string }>('/api/v3/creator-applications', {
    method: 'POST',
    json: {
      message: input.message,
      ...(input.portfolio.trim() ? { portfolio_url: input.portfolio.trim() } : {}),
    },
  });

/** A day as people read it: "Nov 2, 2026". */
export const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
