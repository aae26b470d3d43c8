import { expect } from 'vitest';
import type { ContractHarness } from './harness.ts';

type Data<T> = { data: T };
const BASE = '/api/v4/moderation/trending-searches';

/** Moderators' review of trending searches: candidates, hiding, the blocked terms. */
export async function trendingSearchesCalls(h: ContractHarness): Promise<void> {
  const { users } = h.seed;
  const ann = users.ann!;
  const mod = users.mod!;
  await h.call({ url: `/v1/gifs/search?q=cat&api_key=${h.t.apiKey}` }, 200);

  await h.site(ann, 'GET', BASE, 403);
  const review = (await h.site(mod, 'GET', `${BASE}?limit=10`, 200)) as Data<{
    candidates: { term: string }[];
  }>;
  expect(review.data.candidates.map((c) => c.term)).toContain('cat');
  await h.site(mod, 'GET', `${BASE}?limit=0`, 400);

  await h.site(mod, 'POST', `${BASE}/hide`, 200, { term: 'cat' });
  await h.site(mod, 'POST', `${BASE}/hide`, 400, { term: '' });
  await h.site(mod, 'POST', `${BASE}/unhide`, 200, { term: 'cat' });
  await h.site(ann, 'POST', `${BASE}/unhide`, 403, { term: 'cat' });

  await h.site(mod, 'PUT', `${BASE}/blocked-terms`, 200, { terms: ['rude words'] });
  await h.site(mod, 'PUT', `${BASE}/blocked-terms`, 400, { terms: ['!!'] });
  await h.site(mod, 'PUT', `${BASE}/blocked-terms`, 200, { terms: [] });
}
