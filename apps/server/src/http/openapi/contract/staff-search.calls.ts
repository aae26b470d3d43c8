import { expect } from 'vitest';
import type { ContractHarness } from './harness.ts';

/** Staff content search: a page with its count and keywords, and every match as CSV. */
export async function staffSearchCalls(h: ContractHarness): Promise<void> {
  const { users } = h.seed;
  const mod = users.mod!;
  const found = (await h.site(mod, 'GET', '/api/v1/search-service/search/?q=cat&limit=2', 200)) as {
    count: number;
    results: unknown[];
  };
  expect(found.results.length).toBeGreaterThan(0);
  await h.site(
    mod,
    'GET',
    '/api/v1/search-service/search/?status=ready,removed&has_reports=true',
    200,
  );
  await h.site(mod, 'GET', '/api/v1/search-service/search/?status=nope', 400);
  await h.site(users.ann!, 'GET', '/api/v1/search-service/search/', 403);
  const csv = await h.site(mod, 'GET', '/api/v1/search-service/csv/?q=cat', 200);
  expect(String(csv.body)).toMatch(/^id,title/);
  await h.site(mod, 'POST', '/api/v1/search-service/csv/', 200, { type: 'gif' });
  await h.site(mod, 'POST', '/api/v1/search-service/csv/', 202, { q: 'cat', email: true });
}
