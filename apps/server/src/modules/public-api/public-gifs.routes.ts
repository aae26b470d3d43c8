import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/index.ts';
import type { GifType } from '../../platform/db/schema.ts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { CACHED_LIST, NEVER_CACHED } from '../../platform/http/public-api-caching.ts';
import { BufferPool } from '../../platform/lib/buffer-pool.ts';
import { parseInput, firstValues } from '../../platform/http/parse-input.ts';
import { publicQueryReader } from './public-query.ts';
import {
  allowedRatings,
  curatedRatings,
  listQuerySchema,
  searchTermParam,
  unpagedQuerySchema,
} from './list-query.schema.ts';
import type { ListAnswers, ListShaping } from './list-answers.ts';
import type { PublicGifService } from './public-gifs.service.ts';
import type { RenderedAnswer } from './rendered-list-cache.ts';
import { searchVisitor } from './search-visitor.ts';
import { gifId, gifIdParams } from '../../platform/http/input-schemas.ts';
import { ID_PATTERN } from '../../platform/lib/ids.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import {
  associationsAnswer,
  gifArrayAnswer,
  gifListAnswer,
  maybeGifAnswer,
} from '@jiffy/contracts';

const kinds = [
  ['gifs', 'gif'],
  ['stickers', 'sticker'],
  ['videos', 'video'],
] as const satisfies readonly (readonly [string, GifType])[];

const searchQuery = listQuerySchema.extend({
  q: searchTermParam('The search term; `@username term` looks in one channel.'),
  sort: z.enum(['relevant', 'recent']).default('relevant'),
});
const relatedQuery = listQuerySchema.extend({ gif_id: gifId });
const randomQuery = listQuerySchema.extend({ tag: z.string().max(50).optional() });
const translateQuery = listQuerySchema.extend({
  s: searchTermParam('The phrase to translate to a GIF.'),
});
const idsQuery = unpagedQuerySchema.extend({
  ids: z
    .string()
    .max(100 * 65)
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length <= 100, 'at most 100 ids')
    .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), 'not a list of GIF ids'),
});

/** GIPHY's list endpoints: search, trending, related, random, translate and gifs by ids. */
export function publicGifsRoutes(
  app: FastifyInstance,
  deps: {
    gifs: PublicGifService;
    lists: ListAnswers;
    apiKeys: ApiKeyService;
  },
): void {
  /** Parses the query against `schema` and checks the api_key, in that order of failure. */
  const input = publicQueryReader(deps.apiKeys);
  const context = (
    type: GifType,
    rating: Parameters<typeof allowedRatings>[0],
    request: Pick<FastifyRequest, 'id'>,
  ) => ({
    type,
    ratings: allowedRatings(rating),
    responseId: request.id,
  });

  const sendBuffers = new BufferPool({ maxFreePerSize: 32 });
  /** A kept answer as this request's bytes, with its ETag (see ListAnswers). */
  const send = (answer: RenderedAnswer, request: FastifyRequest, reply: FastifyReply): Buffer => {
    reply.header('etag', answer.etag).type('application/json; charset=utf-8');
    const bytes = answer.render(request.id, sendBuffers);
    // Once the socket has taken the bytes; an aborted response's buffer is left to the GC.
    reply.raw.once('finish', () => sendBuffers.give(bytes));
    return bytes;
  };
  const shapingOf = (request: FastifyRequest): ListShaping => {
    const raw = firstValues(request.query);
    const [bundle, fields] = [raw.bundle, raw.fields].map((v) =>
      typeof v === 'string' ? v : null,
    );
    return { bundle: bundle ?? null, fields: fields ?? null };
  };

  for (const [path, type] of kinds) {
    const search = documented(
      {
        auth: 'optional-session',
        apiKey: 'required',
        summary: `Search ${path}`,
        errors: ['query_too_long'],
        description: '`q` of at most 50 characters; `@username term` searches one channel.',
        query: searchQuery,
        responses: { 200: gifListAnswer },
      },
      CACHED_LIST,
    );
    app.get(`/v1/${path}/search`, search, async (request, reply) => {
      const query = await input(searchQuery, request);
      const answer = await deps.lists.search(
        {
          type,
          term: query.q,
          page: { limit: query.limit, offset: query.offset },
          rating: query.rating,
          lang: query.lang,
          sort: query.sort,
          visitor: searchVisitor(request),
        },
        shapingOf(request),
      );
      return send(answer, request, reply);
    });

    const trending = documented(
      {
        summary: `Trending ${path}`,
        auth: 'anonymous',
        apiKey: 'required',
        query: listQuerySchema,
        responses: { 200: gifListAnswer },
      },
      CACHED_LIST,
    );
    app.get(`/v1/${path}/trending`, trending, async (request, reply) => {
      const query = await input(listQuerySchema, request);
      const answer = await deps.lists.trending(
        { type, page: { limit: query.limit, offset: query.offset }, rating: query.rating },
        shapingOf(request),
      );
      return send(answer, request, reply);
    });

    const related = documented({
      auth: 'anonymous',
      apiKey: 'required',
      summary: `${path} related to one`,
      query: relatedQuery,
      responses: { 200: gifListAnswer },
    });
    app.get(`/v1/${path}/related`, related, async (request) => {
      const query = await input(relatedQuery, request);
      const page = await deps.gifs.related({
        ...context(type, query.rating, request),
        gifId: query.gif_id,
        page: { limit: query.limit, offset: query.offset },
      });
      return okEnvelope(page.gifs, request, page.pagination);
    });
  }

  for (const [path, type] of kinds.slice(0, 2)) {
    const random = documented(
      {
        summary: `A random ${type}`,
        auth: 'anonymous',
        apiKey: 'required',
        query: randomQuery,
        responses: { 200: maybeGifAnswer },
      },
      NEVER_CACHED,
    );
    app.get(`/v1/${path}/random`, random, async (request) => {
      const query = await input(randomQuery, request);
      const gif = await deps.gifs.random({
        ...context(type, query.rating, request),
        tag: query.tag?.trim() || null,
      });
      return okEnvelope(gif, request);
    });

    const translate = documented({
      auth: 'anonymous',
      apiKey: 'required',
      summary: `The ${type} for a phrase`,
      errors: ['query_too_long'],
      query: translateQuery,
      responses: { 200: maybeGifAnswer },
    });
    app.get(`/v1/${path}/translate`, translate, async (request) => {
      const query = await input(translateQuery, request);
      const gif = await deps.gifs.translate({
        ...context(type, query.rating, request),
        phrase: query.s,
        lang: query.lang,
      });
      return okEnvelope(gif, request);
    });
  }

  for (const version of ['v1', 'v2']) {
    const emoji = documented({
      auth: 'anonymous',
      apiKey: 'required',
      summary: 'Emoji stickers',
      query: listQuerySchema,
      responses: { 200: gifListAnswer },
    });
    app.get(`/${version}/emoji`, emoji, async (request) => {
      const query = await input(listQuerySchema, request);
      const page = await deps.gifs.emoji({
        page: { limit: query.limit, offset: query.offset },
        ratings: curatedRatings(query.rating),
        responseId: request.id,
      });
      return okEnvelope(page.gifs, request, page.pagination);
    });
  }

  const variations = documented({
    auth: 'anonymous',
    apiKey: 'required',
    summary: "An emoji's variations",
    query: listQuerySchema,
    params: gifIdParams,
    responses: { 200: gifArrayAnswer },
  });
  app.get('/v2/emoji/:id/variations', variations, async (request) => {
    const query = await input(listQuerySchema, request);
    const { id } = parseInput(gifIdParams, request.params);
    const gifs = await deps.gifs.emojiVariations({
      id,
      page: { limit: query.limit, offset: query.offset },
      ratings: curatedRatings(query.rating),
      responseId: request.id,
    });
    return okEnvelope(gifs, request);
  });

  const associations = documented({
    auth: 'anonymous',
    apiKey: 'required',
    summary: "A GIF's tags and channels",
    query: unpagedQuerySchema,
    params: gifIdParams,
    responses: { 200: associationsAnswer },
  });
  app.get('/v1/gifs/:id/associations', associations, async (request) => {
    await input(unpagedQuerySchema, request);
    const { id } = parseInput(gifIdParams, request.params);
    return okEnvelope(await deps.gifs.associations({ id, responseId: request.id }), request);
  });

  const byIds = documented({
    auth: 'anonymous',
    apiKey: 'required',
    summary: 'GIFs by id',
    description: 'Order kept; unknown ids skipped. Filtered by rating only when `rating` is given.',
    query: idsQuery,
    responses: { 200: gifListAnswer },
  });
  app.get('/v1/gifs', byIds, async (request) => {
    const query = await input(idsQuery, request);
    // Looking up GIFs by id filters by rating only when the caller asks for it.
    const ratingGiven = firstValues(request.query).rating !== undefined;
    const page = await deps.gifs.byIds({
      ids: query.ids,
      ratings: allowedRatings(ratingGiven ? query.rating : 'r'),
      responseId: request.id,
    });
    return okEnvelope(page.gifs, request, page.pagination);
  });
}
