import type { FastifyInstance } from 'fastify';
import { storiesAnswer, storyAnswer, storyPageAnswer } from '@jiffy/contracts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput, firstValues } from '../../platform/http/parse-input.ts';
import { GATEWAY_READERS, gatewayIdParams, pathId, type GatewayAuth } from '../gateway/index.ts';
import type { PresenterUrls } from '../gifs/index.ts';
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
 * Stories under the gateway's base path. Reads take the caller (token or session) or a
 * public api_key; writes take a signed-in creator or staff (and the CSRF echo for a session).
 */
export function storiesRoutes(
  app: FastifyInstance,
  deps: { stories: StoryService; auth: GatewayAuth; base: string; urls: PresenterUrls },
): void {
  const { base, auth, urls } = deps;
  const query = <S extends Parameters<typeof parseInput>[0]>(schema: S, raw: unknown) =>
    parseInput(schema, firstValues(raw));

  const tags = ['Stories'];
  // Reads take a public api_key too; writes a signed-in creator or staff.
  const readers = GATEWAY_READERS;
  const writers = 'session-or-token';
  const list = documented({
    summary: 'Stories, newest first',
    description: "Everyone's, or `username`'s; `next_cursor` goes on to the next page.",
    tags,
    query: storyListQuery,
    responses: { 200: storyPageAnswer },
    ...readers,
  });
  app.get(`${base}/stories`, list, async (request) => {
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

  const partners = documented({
    summary: "Partner artists' published stories",
    tags,
    query: partnerArtistQuery,
    responses: { 200: storiesAnswer },
    ...readers,
  });
  app.get(`${base}/stories/partnerArtist`, partners, async (request) => {
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

  const bySlug = documented({
    summary: 'A story by its slug',
    tags,
    params: storySlugParams,
    query: readQuery,
    responses: { 200: storyAnswer },
    ...readers,
  });
  app.get(`${base}/stories/slug/:slug`, bySlug, async (request) => {
    const { slug } = parseInput(storySlugParams, request.params);
    const input = query(readQuery, request.query);
    const actor = await auth.reader(request);
    const story = await deps.stories.getBySlug(actor, slug, input.gif_hydration_method);
    return okEnvelope(presentStory(story, urls), request);
  });

  const byId = documented({
    summary: 'A story',
    tags,
    params: gatewayIdParams,
    query: readQuery,
    responses: { 200: storyAnswer },
    ...readers,
  });
  app.get(`${base}/stories/:id`, byId, async (request) => {
    const id = pathId(request.params);
    const input = query(readQuery, request.query);
    const actor = await auth.reader(request);
    const story = await deps.stories.get(actor, id, input.gif_hydration_method);
    return okEnvelope(presentStory(story, urls), request);
  });

  const create = documented({
    summary: 'Write a story',
    errors: ['story_slug_taken', 'story_gif_unavailable', 'time_in_past'],
    description: '`is_published` with a future `publish_datetime` schedules it.',
    tags,
    body: storyBody,
    responses: { 201: storyAnswer },
    auth: writers,
  });
  app.post(`${base}/stories`, create, async (request, reply) => {
    const actor = request.principal;
    const input = parseInput(storyBody, request.body ?? {});
    const story = await deps.stories.create(actor, input);
    return reply.status(201).send(okEnvelope(presentStory(story, urls), request));
  });

  const update = documented({
    summary: 'Save a story again, whole',
    errors: ['story_slug_taken', 'story_gif_unavailable', 'time_in_past'],
    tags,
    params: gatewayIdParams,
    body: storyBody,
    responses: { 200: storyAnswer },
    auth: writers,
  });
  app.put(`${base}/stories/:id`, update, async (request) => {
    const id = pathId(request.params);
    const actor = request.principal;
    const input = parseInput(storyBody, request.body ?? {});
    const story = await deps.stories.update(actor, id, input);
    return okEnvelope(presentStory(story, urls), request);
  });

  const remove = documented({
    summary: 'Delete a story',
    tags,
    params: gatewayIdParams,
    responses: { 204: null },
    auth: writers,
  });
  app.delete(`${base}/stories/:id`, remove, async (request, reply) => {
    const id = pathId(request.params);
    await deps.stories.delete(request.principal, id);
    return reply.status(204).send();
  });
}
