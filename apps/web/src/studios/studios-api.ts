import type { ChannelObject } from '@jiffy/contracts';
import { siteBody, siteJson } from '../api/site-fetch.ts';
import type { Person } from '../directory/directory-api.ts';

/** What /studios shows, each item with the id staff remove it by. */
export interface Studios {
  channels: { feature_id: number; channel: ChannelObject }[];
  creators: { feature_id: number; creator: Person }[];
}

export const studiosKey = ['studios'] as const;

export const studiosApi = {
  list: () => siteJson<Studios>('/api/v1/studios/'),
  feature: (what: { channel: number } | { username: string }) =>
    siteJson<{ feature_id: number }>('/api/v1/studios/', { method: 'POST', json: what }),
  unfeature: (featureId: number) =>
    siteBody<unknown>(`/api/v1/studios/${featureId}/`, { method: 'DELETE' }),
};
