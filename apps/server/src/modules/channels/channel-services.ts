import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/schema.ts';
import type { GifReadService, PresenterUrls } from '../gifs/index.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { UserRepository } from '../users/index.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import { channelSyncJob } from './channel-sync.job.ts';
import { ChannelTagsService } from './channel-tags.service.ts';
import { ChannelGifRepository } from './channel-gif.repository.ts';
import { ChannelGifsService } from './channel-gifs.service.ts';
import { ChannelFeedRepository } from './channel-feed.repository.ts';
import { FeedTotals } from './feed-totals.ts';
import { ChannelSearchRepository } from './channel-search.repository.ts';
import { ChannelSearchService } from './channel-search.service.ts';
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
  queue: JobQueue;
  caches: CacheRegistry;
  log: Logger;
}): {
  channels: ChannelService;
  channelGifs: ChannelGifsService;
  channelTags: ChannelTagsService;
  channelSearch: ChannelSearchService;
  /** Reads channels as a visitor may see them (what the studios page shows of each). */
  reader: ChannelReader;
} {
  const { db } = deps;
  const channels = new ChannelRepository(db);
  const channelGifs = new ChannelGifRepository(db);
  const tags = new ChannelTagRepository(db);
  const totals = new FeedTotals(deps.caches);
  const reader = new ChannelReader({
    channels,
    channelGifs,
    tags,
    users: deps.users,
    reads: deps.reads,
    urls: deps.urls,
  });
  const channelTags = new ChannelTagsService({
    db,
    channels,
    tags,
    reader,
    queue: deps.queue,
    log: deps.log,
    totals,
  });
  deps.queue.register([channelSyncJob(channelTags)]);
  return {
    // A type change re-syncs the magic tags: an editorial channel's gather anyone's GIFs.
    channels: new ChannelService({
      db,
      channels,
      channelGifs,
      feeds: new ChannelFeedRepository(db),
      totals,
      reader,
      caches: deps.caches,
      resync: (trx, channel) => channelTags.startSync(trx, channel),
      wake: () => deps.queue.wake(),
      log: deps.log,
    }),
    channelGifs: new ChannelGifsService({ db, channels, channelGifs, reader, totals }),
    channelTags,
    channelSearch: new ChannelSearchService({
      search: new ChannelSearchRepository(db),
      channels,
      reader,
    }),
    reader,
  };
}
