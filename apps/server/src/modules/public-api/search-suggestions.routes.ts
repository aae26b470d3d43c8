import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ratings, searchSuggestionsAnswer, type SearchSuggestions } from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { allowedRatings } from './list-query.schema.ts';
import type { SearchSuggestionsService } from './search-suggestions.service.ts';

const suggestionsParams = z.object({
  type: z
    .enum(['gif', 'sticker'])
    .meta({ description: 'Suggestions that find GIFs, or stickers.' }),
  term: z.string().trim().min(1).max(50),
});
const suggestionsQuery = z.object({
  rating: z
    .enum(['y', ...ratings])
    .default('pg-13')
    .meta({ description: 'Only GIFs of this rating and below count.' }),
});

/** What the site shows of the suggestions: the two lists, in their order. */
export const presentSearchSuggestions = ({
  similar,
  popular,
}: SearchSuggestions): SearchSuggestions => ({ similar, popular });

/**
 * `GET /ajax/search-suggestions/{gif|sticker}/{term}/`: what the site's search page offers
 * when a search found nothing (and the server writes into such a page's first markup).
 */
export function searchSuggestionsRoutes(
  app: FastifyInstance,
  deps: { suggestions: SearchSuggestionsService },
): void {
  const route = documented({
    auth: 'anonymous',
    summary: 'Searches to try instead of one that found nothing',
    description:
      'Tags spelled like the term, then popular searches; each finds GIFs (or stickers) of the ratings asked for.',
    tags: ['Discovery'],
    params: suggestionsParams,
    query: suggestionsQuery,
    responses: { 200: searchSuggestionsAnswer },
  });
  app.get('/ajax/search-suggestions/:type/:term/', route, async (request) => {
    const { type, term } = parseInput(suggestionsParams, request.params);
    const { rating } = parseInput(suggestionsQuery, request.query);
    const found = await deps.suggestions.suggestions(term, {
      type,
      ratings: allowedRatings(rating),
    });
    return { data: presentSearchSuggestions(found) };
  });
}
