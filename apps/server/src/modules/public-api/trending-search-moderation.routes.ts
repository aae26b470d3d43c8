import type { FastifyInstance } from 'fastify';
import {
  blockedTermsAnswer,
  hiddenTermChangeAnswer,
  trendingSearchReviewAnswer,
} from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import {
  blockedTermsBody,
  hiddenTermBody,
  trendingReviewQuery,
} from './trending-search-moderation-input.schema.ts';
import { presentReview } from './trending-search-moderation.presenter.ts';
import type { TrendingSearchModerationService } from './trending-search-moderation.service.ts';

const BASE = '/api/v4/moderation/trending-searches';

/**
 * Moderators' review of trending searches: the candidates, hiding and showing terms, the
 * blocked words and phrases. Site API calls: a session (or personal token) and the CSRF echo on
 * every change.
 */
export function trendingSearchModerationRoutes(
  app: FastifyInstance,
  deps: {
    trendingSearches: TrendingSearchModerationService;
  },
): void {
  const tags = ['Moderation'];
  const auth = 'session-or-token';

  const review = documented({
    summary: 'Trending search candidates, hidden terms and blocked terms (moderators)',
    description:
      'Every term searched with GIFs found in the window, most visitors first, with whether ' +
      'trending searches show it and why not.',
    tags,
    query: trendingReviewQuery,
    responses: { 200: trendingSearchReviewAnswer },
    auth,
  });
  app.get(BASE, review, async (request) => {
    const query = parseInput(trendingReviewQuery, request.query);
    const page = { limit: query.limit, offset: query.offset };
    return { data: presentReview(await deps.trendingSearches.review(request.principal, page)) };
  });

  const hide = documented({
    summary: 'Hide a term from trending searches for good (moderators)',
    description: 'Also from tag suggestions. Takes effect on every node within a second.',
    tags,
    body: hiddenTermBody,
    responses: { 200: hiddenTermChangeAnswer },
    auth,
  });
  app.post(`${BASE}/hide`, hide, async (request) => {
    const { term } = parseInput(hiddenTermBody, request.body ?? {});
    const outcome = await deps.trendingSearches.hide(request.principal, term);
    return { data: { ...outcome, hidden: true } };
  });

  const unhide = documented({
    summary: 'Let a hidden term trend again (moderators)',
    tags,
    body: hiddenTermBody,
    responses: { 200: hiddenTermChangeAnswer },
    auth,
  });
  app.post(`${BASE}/unhide`, unhide, async (request) => {
    const { term } = parseInput(hiddenTermBody, request.body ?? {});
    const outcome = await deps.trendingSearches.unhide(request.principal, term);
    return { data: { ...outcome, hidden: false } };
  });

  const blocked = documented({
    summary: 'Replace the blocked trending terms (moderators)',
    description:
      'No trending search or tag suggestion may contain one of these words or phrases as whole ' +
      'words (case, accents and punctuation aside).',
    tags,
    body: blockedTermsBody,
    responses: { 200: blockedTermsAnswer },
    auth,
  });
  app.put(`${BASE}/blocked-terms`, blocked, async (request) => {
    const { terms } = parseInput(blockedTermsBody, request.body ?? {});
    const stored = await deps.trendingSearches.setBlocked(request.principal, terms);
    return { data: { blocked_terms: stored } };
  });
}
