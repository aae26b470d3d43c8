import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ratings, siteRelatedTagsAnswer, type RelatedTag } from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import type { DiscoveryService } from './discovery.service.ts';
import { allowedRatings, limitParam } from './list-query.schema.ts';

const relatedParams = z.object({
  type: z.enum(['gif', 'sticker']).meta({ description: 'Tags of GIFs or of stickers.' }),
  tag: z.string().trim().min(1).max(50),
});
const relatedQuery = z.object({
  limit: limitParam(10),
  rating: z
    .enum(['y', ...ratings])
    .default('pg-13')
    .meta({ description: 'Only GIFs of this rating and below count.' }),
});

/** What the site shows of a related tag: its name and how often it goes with the tag. */
export const presentRelatedTag = ({ name, score }: RelatedTag): RelatedTag => ({ name, score });

/**
 * `GET /ajax/tags/related/{gif|sticker}/{tag}/`: the site's related searches for a term,
 * without an API key, from the ready public GIFs (or stickers) of the ratings a visitor sees.
 */
export function siteRelatedTagsRoutes(
  app: FastifyInstance,
  deps: { discovery: DiscoveryService },
): void {
  const related = documented({
    auth: 'anonymous',
    summary: 'Tags found with a tag on GIFs or stickers',
    description: 'Higher score, closer: the share of the tag’s GIFs that also carry it.',
    tags: ['Discovery'],
    params: relatedParams,
    query: relatedQuery,
    responses: { 200: siteRelatedTagsAnswer },
  });
  app.get('/ajax/tags/related/:type/:tag/', related, async (request) => {
    const { type, tag } = parseInput(relatedParams, request.params);
    const { limit, rating } = parseInput(relatedQuery, request.query);
    const found = await deps.discovery.relatedTags(
      tag,
      { limit, offset: 0 },
      {
        type,
        ratings: allowedRatings(rating),
      },
    );
    return { data: found.map(presentRelatedTag) };
  });
}
