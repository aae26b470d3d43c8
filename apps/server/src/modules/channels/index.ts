// The channels module's face: what the rest of the server may use of it.
export { channelFeedReply } from './channel-feed-reply.ts';
export type { ChannelGifsService } from './channel-gifs.service.ts';
export { feedQuery } from './channel-input.schema.ts';
export type { ChannelReader } from './channel-reader.ts';
export { channelSearchRoutes } from './channel-search.routes.ts';
export type { ChannelSearchService } from './channel-search.service.ts';
export { createChannelServices } from './channel-services.ts';
export { channelTagsRoutes } from './channel-tags.routes.ts';
export type { ChannelTagsService } from './channel-tags.service.ts';
export type { ChannelService } from './channel.service.ts';
export { channelsRoutes } from './channels.routes.ts';
