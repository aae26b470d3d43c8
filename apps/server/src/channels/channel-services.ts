import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.ts';
import type { GifReadService } from '../gifs/gif-read.service.ts';
import type { PresenterUrls } from '../gifs/gif.presenter.ts';
import type { UserRepository } from '../users/user.repository.ts';
import { ChannelGifRepository } from './channel-gif.repository.ts';
import { ChannelGifsService } from './channel-gifs.service.ts';
import { ChannelReader } from './channel-reader.ts';
import { ChannelRepository } from './channel.repository.ts';
import { ChannelService } from './channel.service.ts';
import { ChannelTagRepository } from './channel-tag.repository.ts';

/** The channel services, wired over one set of repositories (createServices calls this). */
export function createChannelServices(deps: {
  db: Kysely<Database>;
  users: UserRepository;
  reads: GifReadService;
  urls: PresenterUrls;
  log: Logger;
}): { channels: ChannelService; channelGifs: ChannelGifsService } {
  const { db } = deps;
  const channels = new ChannelRepository(db);
  const channelGifs = new ChannelGifRepository(db);
  const tags = new ChannelTagRepository(db);
  const reader = new ChannelReader({
    channels,
    channelGifs,
    tags,
    users: deps.users,
    reads: deps.reads,
    urls: deps.urls,
  });
  return {
    channels: new ChannelService({ db, channels, channelGifs, reader, log: deps.log }),
    channelGifs: new ChannelGifsService({ db, channels, channelGifs, reader }),
  };
}
