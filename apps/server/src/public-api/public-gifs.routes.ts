import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/api-key.service.ts';
import type { GifType } from '../db/schema.ts';
import { okEnvelope } from '../http/envelope.ts';
import { CACHED_LIST, MAX_AGE_SECONDS, NEVER_CACHED } from '../http/public-api-caching.ts';
import { BufferPool } from '../lib/buffer-pool.ts';
import type { Clock } from '../lib/clock.ts';
import { parseInput } from '../http/parse-input.ts';
import { publicQueryReader } from './public-query.ts';
import { allowedRatings, firstValues, listQuerySchema, searchTerm } from './list-query.schema.ts';
import type { ListedPage, PublicGifService } from './public-gifs.service.ts';
import { RESPONSE_ID_SLOT } from '../gifs/gif.presenter.ts';
import type { GifReadService } from '../gifs/gif-read.service.ts';
import { SlottedJson } from '../gifs/slotted-json.ts';
import { RenderedListCache } from './rendered-list-cache.ts';
import { ShownIds } from './shown-ids.ts';
import { shapeAnswer } from './response-shaping.ts';
import { encodeAnswer } from './answer-json.ts';
import { gifId, gifIdParams } from '../http/input-schemas.ts';
import { ID_PATTERN } from '../lib/ids.ts';
import type { JiffyMetrics } from '../metrics/jiffy-metrics.ts';
import { documented } from '../http/openapi/route-doc.ts';
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
  q: z.unknown().optional().meta({ description: 'The search term, 1 to 50 characters; required.' }),
  sort: z.enum(['relevant', 'recent']).catch('relevant'),
});
const relatedQuery = listQuerySchema.extend({ gif_id: gifId });
const randomQuery = listQuerySchema.extend({ tag: z.string().max(50).optional() });
const translateQuery = listQuerySchema.extend({
  s: z.unknown().optional().meta({ description: 'The phrase, 1 to 50 characters; required.' }),
});
const idsQuery = listQuerySchema.extend({
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
    apiKeys: ApiKeyService;
    reads: GifReadService;
    clock: Clock;
    metrics: JiffyMetrics;
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

  /**
   * Search and trending answers are the busiest and the same for every caller asking the same
   * thing: they are rendered once (with a slot for the response id) and kept as long as their
   * Cache-Control lets anyone keep them.
   */
  const answers = new RenderedListCache({
    ttlMs: MAX_AGE_SECONDS * 1000,
    maxEntries: 500,
    now: deps.clock,
  });
  // A taken-down GIF leaves every kept answer in the same request, not 30 s later.
  deps.gifs.whenPurged(() => answers.clear());
  deps.metrics.watchCache('public_lists', answers);
  const slotted = { id: RESPONSE_ID_SLOT };
  const shown = new ShownIds(1000);
  const sendBuffers = new BufferPool({ maxFreePerSize: 32 });
  const sendCached = async (
    key: unknown[],
    request: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<ListedPage>,
  ): Promise<Buffer> => {
    const raw = firstValues(request.query);
    const shaping = [raw.bundle, raw.fields].map((v) => (typeof v === 'string' ? v : null));
    const answer = await answers.answer(JSON.stringify([...key, ...shaping]), async () => {
      const page = await load();
      // Trimmed objects are made for the one answer; whole ones are serialized once per GIF.
      const data = shaping.some((v) => v !== null)
        ? await deps.reads.presentRows(page.rows, RESPONSE_ID_SLOT)
        : await deps.reads.serializeRows(page.rows);
      const body = shapeAnswer(okEnvelope(data, slotted, page.pagination), raw);
      return { body: encodeAnswer(body, itemJson), keepUntil: page.keepUntil };
    });
    reply.header('etag', answer.etag).type('application/json; charset=utf-8');
    const bytes = answer.render(request.id, sendBuffers);
    // Once the socket has taken the bytes; an aborted response's buffer is left to the GC.
    reply.raw.once('finish', () => sendBuffers.give(bytes));
    return bytes;
  };

  for (const [path, type] of kinds) {
    const search = documented(
      {
        summary: `Search ${path}`,
        description: '`q` of at most 50 characters; `@username term` searches one channel.',
        query: searchQuery,
        responses: { 200: gifListAnswer },
      },
      CACHED_LIST,
    );
    app.get(`/v1/${path}/search`, search, async (request, reply) => {
      const query = await input(searchQuery, request);
      const term = searchTerm(query.q);
      const page = { limit: query.limit, offset: query.offset };
      deps.gifs.countSearch(term, page);
      const key = ['search', type, term, page, query.rating, query.lang, query.sort];
      const shownKey = JSON.stringify(key);
      const bytes = await sendCached(key, request, reply, async () => {
        const found = await deps.gifs.searchRows({
          type,
          ratings: allowedRatings(query.rating),
          term,
          lang: query.lang,
          page,
          sort: query.sort,
        });
        shown.remember(
          shownKey,
          found.rows.map((row) => row.id),
        );
        return found;
      });
      deps.gifs.countSurfaced(term, shown.get(shownKey));
      return bytes;
    });

    const trending = documented(
      { summary: `Trending ${path}`, query: listQuerySchema, responses: { 200: gifListAnswer } },
      CACHED_LIST,
    );
    app.get(`/v1/${path}/trending`, trending, async (request, reply) => {
      const query = await input(listQuerySchema, request);
      const page = { limit: query.limit, offset: query.offset };
      return sendCached(['trending', type, page, query.rating], request, reply, () =>
        deps.gifs.trendingRows({ type, ratings: allowedRatings(query.rating), page }),
      );
    });

    const related = documented({
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
      { summary: `A random ${type}`, query: randomQuery, responses: { 200: maybeGifAnswer } },
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
      summary: `The ${type} for a phrase`,
      query: translateQuery,
      responses: { 200: maybeGifAnswer },
    });
    app.get(`/v1/${path}/translate`, translate, async (request) => {
      const query = await input(translateQuery, request);
      const gif = await deps.gifs.translate({
        ...context(type, query.rating, request),
        phrase: searchTerm(query.s, 's'),
        lang: query.lang,
      });
      return okEnvelope(gif, request);
    });
  }

  for (const version of ['v1', 'v2']) {
    const emoji = documented({
      summary: 'Emoji stickers',
      query: listQuerySchema,
      responses: { 200: gifListAnswer },
    });
    app.get(`/${version}/emoji`, emoji, async (request) => {
      const query = await input(listQuerySchema, request);
      const page = await deps.gifs.emoji({
        page: { limit: query.limit, offset: query.offset },
        responseId: request.id,
      });
      return okEnvelope(page.gifs, request, page.pagination);
    });
  }

  const variations = documented({
    summary: "An emoji's variations",
    query: listQuerySchema,
    params: gifIdParams,
    responses: { 200: gifArrayAnswer },
  });
  app.get('/v2/emoji/:id/variations', variations, async (request) => {
    await input(listQuerySchema, request);
    const { id } = parseInput(gifIdParams, request.params);
    return okEnvelope(await deps.gifs.emojiVariations({ id, responseId: request.id }), request);
  });

  const associations = documented({
    summary: "A GIF's tags and channels",
    query: listQuerySchema,
    params: gifIdParams,
    responses: { 200: associationsAnswer },
  });
  app.get('/v1/gifs/:id/associations', associations, async (request) => {
    await input(listQuerySchema, request);
    const { id } = parseInput(gifIdParams, request.params);
    return okEnvelope(await deps.gifs.associations({ id, responseId: request.id }), request);
  });

  const byIds = documented({
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

/** An item's JSON: kept bytes as they are, anything else serialized. */
const itemJson = (item: object): SlottedJson =>
  item instanceof SlottedJson ? item : SlottedJson.stringify(item);
