import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService } from '../gifs/index.ts';
import {
  addedChannelGifsAnswer,
  channelAnswer,
  channelFeedAnswer,
  channelListAnswer,
  deletedChannelAnswer,
  gifChannelsAnswer,
  removedChannelGifsAnswer,
  updatedChannelAnswer,
} from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import {
  addChannelGifsBody,
  channelBySlugQuery,
  channelGifsQuery,
  channelIdParams,
  createChannelBody,
  feedQuery,
  moveChannelBody,
  removeChannelGifsBody,
  updateChannelBody,
} from './channel-input.schema.ts';
import type { ChannelGifsService } from './channel-gifs.service.ts';
import type { ChannelService } from './channel.service.ts';
import { channelFeedReply } from './channel-feed-reply.ts';

/** What the client is told when it asks for children without a parent id. */
export const CHILDREN_NEED_PARENT = "We cannot fetch a channel's children without its parent's id.";

/**
 * The site API's channel calls: reads for anyone, changes with a session or personal token and
 * the CSRF echo (who may change what is the service's `channel.edit` check).
 */
export function channelsRoutes(
  app: FastifyInstance,
  deps: {
    channels: ChannelService;
    channelGifs: ChannelGifsService;
    reads: GifReadService;
  },
): void {
  const idOf = (request: FastifyRequest) => parseInput(channelIdParams, request.params).id;

  const tags = ['Channels'];
  const auth = 'session-or-token';
  const byPath = documented({
    auth: 'optional-session-or-token',
    summary: 'A channel by its path',
    errors: ['channel_not_found'],
    description: "`slug` is `username/slug/...`; `username` alone is the user's root channel.",
    tags,
    query: channelBySlugQuery,
    responses: { 200: channelAnswer },
  });
  app.get('/api/v4/channels/', byPath, async (request) => {
    const { slug } = parseInput(channelBySlugQuery, request.query);
    return { data: await deps.channels.getByPath(request.principal, slug) };
  });

  const byId = documented({
    auth: 'optional-session-or-token',
    summary: 'A channel',
    tags,
    params: channelIdParams,
    responses: { 200: channelAnswer },
  });
  app.get('/api/v4/channels/:id', byId, async (request) => ({
    data: await deps.channels.get(request.principal, idOf(request)),
  }));

  const create = documented({
    summary: 'Make a channel',
    errors: [
      'channel_not_found',
      'channel_slug_taken',
      'channel_too_deep',
      'channel_limit_reached',
    ],
    description: "Under `parent`, or under the caller's root channel.",
    tags,
    body: createChannelBody,
    responses: { 201: channelAnswer },
    auth,
  });
  app.post('/api/v4/channels/', create, async (request, reply) => {
    const input = parseInput(createChannelBody, request.body ?? {});
    const channel = await deps.channels.create(request.principal, input);
    return reply.status(201).send({ data: channel });
  });

  const update = documented({
    summary: 'Change a channel',
    errors: ['channel_slug_taken'],
    tags,
    params: channelIdParams,
    body: updateChannelBody,
    responses: { 200: updatedChannelAnswer },
    auth,
  });
  app.patch('/api/v4/channels/:id/', update, async (request) => {
    const id = idOf(request);
    const input = parseInput(updateChannelBody, request.body ?? {});
    const { channel, flushUuid } = await deps.channels.update(request.principal, id, input);
    return { data: channel, flush_uuid: flushUuid };
  });

  const remove = documented({
    summary: 'Delete a channel and every channel below it',
    errors: ['channel_is_root'],
    tags,
    params: channelIdParams,
    responses: { 200: deletedChannelAnswer },
    auth,
  });
  app.delete('/api/v4/channels/:id/', remove, async (request) => {
    const id = idOf(request);
    const { deleted } = await deps.channels.delete(request.principal, id);
    return { data: { id, deleted_channels: deleted } };
  });

  const move = documented({
    summary: 'Move a channel among its siblings or under another channel',
    errors: [
      'channel_is_root',
      'channel_cycle',
      'channel_too_deep',
      'channel_slug_taken',
      'channel_limit_reached',
    ],
    tags,
    params: channelIdParams,
    body: moveChannelBody,
    responses: { 200: channelAnswer },
    auth,
  });
  app.post('/api/v4/channels/:id/move/', move, async (request) => {
    const id = idOf(request);
    const input = parseInput(moveChannelBody, request.body ?? {});
    const channel = await deps.channels.move(request.principal, id, {
      position: input.position,
      targetId: input.target_channel,
    });
    return { data: channel };
  });

  // Without an id (`/channels/children/`, `/channels//children/`): CHILDREN_NEED_PARENT.
  const childrenWithoutParent = () => {
    throw new AppError('channel_parent_required', CHILDREN_NEED_PARENT);
  };
  const noParent = documented({
    auth: 'anonymous',
    summary: "A channel's children, without the parent's id",
    description: 'Always refused (`channel_parent_required`): the id goes in the path.',
    tags,
    responses: {},
  });
  app.get('/api/v4/channels/children/', noParent, childrenWithoutParent);
  const children = documented({
    auth: 'optional-session-or-token',
    summary: "A channel's children, in order",
    tags,
    params: channelIdParams,
    responses: { 200: channelListAnswer },
  });
  app.get('/api/v4/channels/:id/children/', children, async (request) => {
    if ((request.params as { id?: string }).id === '') childrenWithoutParent();
    return { data: await deps.channels.children(request.principal, idOf(request)) };
  });

  const feed = documented({
    auth: 'optional-session-or-token',
    summary: "A channel's GIFs",
    description: "From `offset`, or after `cursor` (the page before's `next_cursor`).",
    tags,
    params: channelIdParams,
    query: feedQuery,
    responses: { 200: channelFeedAnswer },
  });
  app.get('/api/v4/channels/:id/feed/', feed, async (request, reply) => {
    const id = idOf(request);
    const query = parseInput(feedQuery, request.query);
    const answer = await channelFeedReply(deps, request.principal, id, query, request.id);
    return reply.type('application/json; charset=utf-8').send(answer);
  });

  const channelsOfGifs = documented({
    auth: 'optional-session-or-token',
    summary: 'The channels some GIFs are in',
    tags,
    query: channelGifsQuery,
    responses: { 200: gifChannelsAnswer },
  });
  app.get('/api/v4/channel-gifs/', channelsOfGifs, async (request) => {
    const { gif } = parseInput(channelGifsQuery, request.query);
    return { data: await deps.channelGifs.channelsOf(request.principal, gif) };
  });

  const add = documented({
    summary: 'Add GIFs to a channel (or place them)',
    errors: ['channel_not_found', 'gif_not_found', 'channel_gif_not_found', 'channel_is_root'],
    tags,
    body: addChannelGifsBody,
    responses: { 200: addedChannelGifsAnswer },
    auth,
  });
  app.post('/api/v4/channel-gifs/', add, async (request) => {
    const input = parseInput(addChannelGifsBody, request.body ?? {});
    const { added } = await deps.channelGifs.add(request.principal, {
      channelId: input.channel,
      gifIds: input.gif,
      ...(input.position && { position: input.position }),
      ...(input.target_gif && { targetGif: input.target_gif }),
    });
    return { data: { channel: input.channel, gif: input.gif, added } };
  });

  const removeGifs = documented({
    summary: 'Take GIFs out of a channel',
    errors: ['channel_not_found', 'channel_gif_not_found', 'channel_is_root'],
    tags,
    body: removeChannelGifsBody,
    responses: { 200: removedChannelGifsAnswer },
    auth,
  });
  app.post('/api/v4/channel-gifs/remove/', removeGifs, async (request) => {
    const input = parseInput(removeChannelGifsBody, request.body ?? {});
    const { removed } = await deps.channelGifs.remove(request.principal, {
      channelId: input.channel,
      gifIds: input.gif,
    });
    return { data: { channel: input.channel, removed } };
  });
}
