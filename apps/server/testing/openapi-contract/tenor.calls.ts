import { expect } from 'vitest';
import type { ContractHarness } from './harness.ts';

type Page = { results: { id: string; media_formats: Record<string, unknown> }[]; next: string };

/** Tenor's API v2 under `/v2`: every route with good input, and refusals in Tenor's shape. */
export async function tenorCalls(h: ContractHarness): Promise<void> {
  const { gifId, siteGifId } = h.seed;
  const found = (await h.tenor('/v2/search?q=cat&limit=1')) as Page;
  expect(found.results).toHaveLength(1);
  expect(found.next).not.toBe('');
  const next = (await h.tenor(
    `/v2/search?q=cat&limit=1&pos=${encodeURIComponent(found.next)}`,
  )) as Page;
  expect(next.results.map((r) => r.id)).not.toContain(found.results[0]!.id);
  await h.tenor('/v2/search?q=smile&searchfilter=sticker&media_filter=gif,tinygif_transparent');
  await h.tenor('/v2/search?q=cat&random=true&ar_range=standard&contentfilter=high');
  await h.tenor('/v2/featured');
  await h.tenor('/v2/featured?searchfilter=-static&locale=pt_BR');
  const posts = (await h.tenor(`/v2/posts?ids=${gifId},${siteGifId},unknown1`)) as Page;
  expect(posts.results.map((r) => r.id)).toEqual([gifId, siteGifId]);
  // Formats made on first request (webm, nano) are listed with their planned size.
  expect(Object.keys(posts.results[0]!.media_formats)).toEqual(
    expect.arrayContaining(['gif', 'mp4', 'webm', 'nanogif']),
  );
  await h.tenor(`/v2/posts?ids=${gifId}&media_filter=mp4,webp`);
  await h.tenor('/v2/categories');
  await h.tenor('/v2/categories?type=trending');
  await h.tenor('/v2/autocomplete?q=ca');
  await h.tenor('/v2/search_suggestions?q=cat');
  await h.tenor('/v2/trending_terms?limit=5');
  await h.tenor(`/v2/registershare?id=${gifId}&q=cat`);

  // Refusals: Tenor's error object, Jiffy's stable code as the detail's reason.
  const reason = (body: object) =>
    (body as { error: { details: { reason: string }[] } }).error.details[0]!.reason;
  expect(reason(await h.tenor('/v2/search?q=cat&limit=500', 400))).toBe('invalid_request');
  expect(reason(await h.tenor('/v2/posts?media_filter=gif', 400))).toBe('invalid_request');
  expect(reason(await h.tenor('/v2/search?q=cat&media_filter=png', 400))).toBe('invalid_request');
  expect(reason(await h.tenor(`/v2/search?q=${'x'.repeat(51)}`, 414))).toBe('query_too_long');
  expect(reason(await h.call({ url: '/v2/featured?key=nope' }, 401))).toBe('api_key_invalid');
  expect(reason(await h.call({ url: '/v2/featured' }, 401))).toBe('api_key_required');
  expect(reason(await h.tenor('/v2/registershare?id=nosuchgif1', 404))).toBe('gif_not_found');
}
