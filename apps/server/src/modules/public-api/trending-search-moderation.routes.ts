import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  blockedTermsAnswer,
  hiddenTermChangeAnswer,
  trendingSearchReviewAnswer,
} from '@jiffy/contracts';
import { currentUser, type AccountService, type PersonalTokenService } from '../accounts/index.ts';
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
    accounts: AccountService;
    tokens: PersonalTokenService;
  },
): void {
  const actor = (request: FastifyRequest) => currentUser(request, deps.accounts, deps.tokens);
  const tags = ['Moderation'];
  const security = ['session', 'token'];

  const review = documented({
    summary: 'Trending search candidates, hidden terms and blocked terms (moderators)',
    description:
      'Every term searched with GIFs found in the window, most visitors first, with whether ' +
      'trending searches show it and why not.',
    tags,
    query: trendingReviewQuery,
    responses: { 200: trendingSearchReviewAnswer },
    security,
  });
  app.get(BASE, review, async (request) => {
    const query = parseInput(trendingReviewQuery, request.query);
    const page = { limit: query.limit, offset: query.offset };
    return { data: presentReview(await deps.trendingSearches.review(await actor(request), page)) };
  });

  const hide = documented({
    summary: 'Hide a term from trending searches for good (moderators)',
    description: 'Also from tag suggestions. Takes effect on every node within a second.',
    tags,
    body: hiddenTermBody,
    responses: { 200: hiddenTermChangeAnswer },
    security,
  });
  app.post(`${BASE}/hide`, hide, async (request) => {
    const { term } = parseInput(hiddenTermBody, request.body ?? {});
    const outcome = await deps.trendingSearches.hide(await actor(request), term);
    return { data: { ...outcome, hidden: true } };
  });

  const unhide = documented({
    summary: 'Let a hidden term trend again (moderators)',
    tags,
    body: hiddenTermBody,
    responses: { 200: hiddenTermChangeAnswer },
    security,
  });
  app.post(`${BASE}/unhide`, unhide, async (request) => {
    const { term } = parseInput(hiddenTermBody, request.body ?? {});
    const outcome = await deps.trendingSearches.unhide(await actor(request), term);
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
    security,
  });
  app.put(`${BASE}/blocked-terms`, blocked, async (request) => {
    const { terms } = parseInput(blockedTermsBody, request.body ?? {});
    const stored = await deps.trendingSearches.setBlocked(await actor(request), terms);
    return { data: { blocked_terms: stored } };
  });
}
