import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  channelJobAnswer,
  deletedMagicTagAnswer,
  deletedRankedTagAnswer,
  magicTagAnswer,
  rankedTagsAnswer,
} from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import {
  addChannelTagBody,
  rerankBody,
  retrieveJobQuery,
  tagIdParams,
} from './channel-input.schema.ts';
import { presentMagicTag, presentRankedTags } from './channel-tag.presenter.ts';
import type { ChannelTagsService } from './channel-tags.service.ts';

/** Ranked and magic tags of a channel, and the poll of a channel job. */
export function channelTagsRoutes(app: FastifyInstance, deps: { tags: ChannelTagsService }): void {
  const idOf = (request: FastifyRequest) => parseInput(tagIdParams, request.params).id;

  const tags = ['Channels'];
  const auth = 'session-or-token';
  const addRanked = documented({
    summary: 'Add a ranked tag (a tab) to a channel',
    errors: ['channel_not_found', 'channel_limit_reached'],
    tags,
    body: addChannelTagBody,
    responses: { 201: rankedTagsAnswer },
    auth,
  });
  app.post('/api/v4/channel-ranked-tags/', addRanked, async (request, reply) => {
    const input = parseInput(addChannelTagBody, request.body ?? {});
    const rows = await deps.tags.addRanked(request.principal, {
      channelId: input.channel,
      tag: input.tag,
    });
    return reply.status(201).send({ data: presentRankedTags(rows) });
  });

  const rerank = documented({
    summary: 'Move a ranked tag to another rank',
    tags,
    params: tagIdParams,
    body: rerankBody,
    responses: { 200: rankedTagsAnswer },
    auth,
  });
  app.patch('/api/v4/channel-ranked-tags/:id/', rerank, async (request) => {
    const id = idOf(request);
    const { rank } = parseInput(rerankBody, request.body ?? {});
    return { data: presentRankedTags(await deps.tags.rerank(request.principal, id, rank)) };
  });

  const removeRanked = documented({
    summary: 'Remove a ranked tag',
    tags,
    params: tagIdParams,
    responses: { 200: deletedRankedTagAnswer },
    auth,
  });
  app.delete('/api/v4/channel-ranked-tags/:id/', removeRanked, async (request) => {
    const id = idOf(request);
    await deps.tags.removeRanked(request.principal, id);
    return { data: { id, deleted: true } };
  });

  const addMagic = documented({
    summary: 'Add a magic tag to a channel',
    errors: ['channel_not_found', 'channel_is_root', 'too_many_tags'],
    description: 'GIFs with the tag join the channel by themselves (a job: `flush_uuid`).',
    tags,
    body: addChannelTagBody,
    responses: { 201: magicTagAnswer },
    auth,
  });
  app.post('/api/v4/channel-magic-tags/', addMagic, async (request, reply) => {
    const input = parseInput(addChannelTagBody, request.body ?? {});
    const { tag, flushUuid } = await deps.tags.addMagic(request.principal, {
      channelId: input.channel,
      tag: input.tag,
    });
    return reply.status(201).send({ data: presentMagicTag(tag), flush_uuid: flushUuid });
  });

  const removeMagic = documented({
    summary: 'Remove a magic tag, and the GIFs that joined by it alone',
    tags,
    params: tagIdParams,
    responses: { 200: deletedMagicTagAnswer },
    auth,
  });
  app.delete('/api/v4/channel-magic-tags/:id/', removeMagic, async (request) => {
    const id = idOf(request);
    const { removed } = await deps.tags.removeMagic(request.principal, id);
    return { data: { id, deleted: true, gifs_removed: removed } };
  });

  const retrieveJob = async (request: FastifyRequest) => {
    const { job } = parseInput(retrieveJobQuery, request.query);
    return { data: { job, status: await deps.tags.jobStatus(request.principal, job) } };
  };
  const job = documented({
    auth,
    summary: 'Where a channel job stands',
    errors: ['job_not_found'],
    tags,
    query: retrieveJobQuery,
    responses: { 200: channelJobAnswer },
  });
  // With or without its slash (the router takes both), never read as a channel id.
  app.get('/api/v4/channels/retrieve-job/', job, retrieveJob);
}
