import type { ChannelObject, Pagination } from '@jiffy/contracts';
import type { ChannelReader } from './channel-reader.ts';
import type { ChannelRepository } from './channel.repository.ts';
import type { ChannelSearchRepository } from './channel-search.repository.ts';

/**
 * Channels as the public API finds them: by name (`/v1/channels/search`), and by path for a
 * search scoped to one (`@username/slug words`). Only what anyone may see: a hidden channel is
 * found by neither, as an unknown one is.
 */
export class ChannelSearchService {
  readonly #deps: {
    search: ChannelSearchRepository;
    channels: ChannelRepository;
    reader: ChannelReader;
  };
  constructor(deps: {
    search: ChannelSearchRepository;
    channels: ChannelRepository;
    reader: ChannelReader;
  }) {
    this.#deps = deps;
  }

  /** A page of the channels whose names match `q`, best first, as GIPHY's channel objects. */
  async search(
    q: string,
    page: { limit: number; offset: number },
  ): Promise<{ channels: ChannelObject[]; pagination: Pagination }> {
    const { search, reader } = this.#deps;
    const { ids, total } = await search.search({ q, ...page });
    const channels = await reader.present(null, await reader.findMany(null, ids));
    return {
      channels,
      pagination: { total_count: total, count: channels.length, offset: page.offset },
    };
  }

  /**
   * What a search scoped to `username/slug…` looks in: the owner's uploads for a root channel,
   * the channel's GIFs for another; undefined for a path nobody may see.
   */
  async scope(
    parts: [string, ...string[]],
  ): Promise<{ userId: string } | { channelId: number } | undefined> {
    const { channels, reader } = this.#deps;
    const [username, ...slugs] = parts;
    const root = await channels.rootOf(username);
    if (!root) return undefined;
    if (slugs.length === 0) return { userId: root.user_id };
    const id = await channels.findByPath(root.id, slugs);
    if (id === undefined || (await reader.findMany(null, [id])).length === 0) return undefined;
    return { channelId: id };
  }
}
