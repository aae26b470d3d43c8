import type { FastifyInstance } from 'fastify';
import { okEnvelope } from '../http/envelope.ts';
import { parseInput } from '../http/parse-input.ts';
import type { GatewayAuth } from '../gateway/gateway-auth.ts';
import { pathId } from '../gateway/gateway-input.ts';
import type { PresenterUrls } from '../gifs/gif.presenter.ts';
import { firstValues } from '../public-api/list-query.schema.ts';
import {
  partnerArtistQuery,
  readQuery,
  storyBody,
  storyListQuery,
  storySlugParams,
} from './story-input.schema.ts';
import { presentStory } from './story.presenter.ts';
import type { StoryService } from './story.service.ts';

/**
 * Stories (§7) under the gateway's base path. Reads take the caller (token or session) or a
 * public api_key; writes take a signed-in creator or staff (and the CSRF echo for a session).
 */
export function storiesRoutes(
  app: FastifyInstance,
  deps: { stories: StoryService; auth: GatewayAuth; base: string; urls: PresenterUrls },
): void {
  const { base, auth, urls } = deps;
  const query = <S extends Parameters<typeof parseInput>[0]>(schema: S, raw: unknown) =>
    parseInput(schema, firstValues(raw));

  app.get(`${base}/stories`, async (request) => {
    const input = query(storyListQuery, request.query);
    const actor = await auth.reader(request);
    const { stories, nextCursor } = await deps.stories.list(actor, {
      username: input.username,
      unpublished: input.fetch_unpublished,
      byStaff: input.by_staff,
      limit: input.limit,
      cursor: input.next_cursor,
      hydration: input.gif_hydration_method,
    });
    return {
      ...okEnvelope(
        stories.map((story) => presentStory(story, urls)),
        request,
      ),
      next_cursor: nextCursor,
    };
  });

  app.get(`${base}/stories/partnerArtist`, async (request) => {
    const input = query(partnerArtistQuery, request.query);
    await auth.reader(request);
    const stories = await deps.stories.partnerArtist({
      since: input.since,
      until: input.until,
      limit: input.limit,
      hydration: input.gif_hydration_method,
    });
    return okEnvelope(
      stories.map((story) => presentStory(story, urls)),
      request,
    );
  });

  app.get(`${base}/stories/slug/:slug`, async (request) => {
    const { slug } = parseInput(storySlugParams, request.params);
    const input = query(readQuery, request.query);
    const actor = await auth.reader(request);
    const story = await deps.stories.getBySlug(actor, slug, input.gif_hydration_method);
    return okEnvelope(presentStory(story, urls), request);
  });

  app.get(`${base}/stories/:id`, async (request) => {
    const id = pathId(request.params);
    const input = query(readQuery, request.query);
    const actor = await auth.reader(request);
    const story = await deps.stories.get(actor, id, input.gif_hydration_method);
    return okEnvelope(presentStory(story, urls), request);
  });

  app.post(`${base}/stories`, async (request, reply) => {
    const actor = await auth.actor(request);
    const input = parseInput(storyBody, request.body ?? {});
    const story = await deps.stories.create(actor, input);
    return reply.status(201).send(okEnvelope(presentStory(story, urls), request));
  });

  app.put(`${base}/stories/:id`, async (request) => {
    const id = pathId(request.params);
    const actor = await auth.actor(request);
    const input = parseInput(storyBody, request.body ?? {});
    const story = await deps.stories.update(actor, id, input);
    return okEnvelope(presentStory(story, urls), request);
  });

  app.delete(`${base}/stories/:id`, async (request, reply) => {
    const id = pathId(request.params);
    await deps.stories.delete(await auth.actor(request), id);
    return reply.status(204).send();
  });
}
