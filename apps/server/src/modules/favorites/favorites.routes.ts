import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/http/parse-input.ts';
import { principalOf } from '../../platform/http/route-auth.ts';
import type { FavoriteService } from './favorite.service.ts';
import { gifId, wholeNumber } from '../../platform/http/input-schemas.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { favoriteAnswer, favoritesAnswer } from '@jiffy/contracts';

const gifParams = z.strictObject({ gif_id: gifId });
// A signed-in session only: a personal token does not keep favorites.
const auth = 'session';
const oneDoc = (summary: string) =>
  documented({ summary, params: gifParams, responses: { 200: favoriteAnswer }, auth });
const addDoc = documented({
  summary: 'Keep a GIF (201; 200 when it was kept already)',
  body: gifParams,
  responses: { 200: favoriteAnswer, 201: favoriteAnswer },
  auth,
});

const pageQuery = z.looseObject({
  limit: wholeNumber(1, 50).default(25),
  offset: wholeNumber(0, 100_000).default(0),
});

const listDoc = documented({
  summary: "The signed-in user's favorites, newest first",
  query: pageQuery,
  responses: { 200: favoritesAnswer },
  auth,
});

/** The signed-in user's favorites: list, ask about one, add, remove (session + CSRF). */
export function favoritesRoutes(app: FastifyInstance, deps: { favorites: FavoriteService }): void {
  app.get('/api/v1/favorites', listDoc, async (request) => {
    const user = principalOf(request);
    const page = parseInput(pageQuery, request.query);
    const { gifs, total } = await deps.favorites.list(user.id, page, request.id);
    return {
      data: gifs,
      pagination: { total_count: total, count: gifs.length, offset: page.offset },
    };
  });

  app.get('/api/v1/favorites/:gif_id', oneDoc('Whether a GIF is kept'), async (request) => {
    const user = principalOf(request);
    const { gif_id } = parseInput(gifParams, request.params);
    return { data: { gif_id, favorite: await deps.favorites.has(user.id, gif_id) } };
  });

  app.post('/api/v1/favorites', addDoc, async (request, reply) => {
    const user = principalOf(request);
    const { gif_id } = parseInput(gifParams, request.body ?? {});
    const added = await deps.favorites.add(user.id, gif_id);
    return reply.status(added ? 201 : 200).send({ data: { gif_id, favorite: true } });
  });

  app.delete('/api/v1/favorites/:gif_id', oneDoc('Stop keeping a GIF'), async (request) => {
    const user = principalOf(request);
    const { gif_id } = parseInput(gifParams, request.params);
    await deps.favorites.remove(user.id, gif_id);
    return { data: { gif_id, favorite: false } };
  });
}
