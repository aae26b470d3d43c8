import type { ChannelObject, Gif } from '@jiffy/contracts';
import { can, type Actor } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService, PresenterUrls, ShownUser } from '../gifs/index.ts';
import type { UserRepository } from '../users/index.ts';
import type { ChannelGifRepository } from './channel-gif.repository.ts';
import { presentChannel } from './channel.presenter.ts';
import type { ChannelRepository, ChannelWithOwner } from './channel.repository.ts';
import type { ChannelTagRepository } from './channel-tag.repository.ts';

export interface ChannelReaderDeps {
  channels: ChannelRepository;
  channelGifs: ChannelGifRepository;
  tags: ChannelTagRepository;
  users: UserRepository;
  reads: GifReadService;
  urls: PresenterUrls;
}

/** A channel found for someone, with its ancestors (root first). */
export interface FoundChannel {
  channel: ChannelWithOwner;
  ancestors: ChannelWithOwner[];
  /** Whether the actor may manage it (owner or staff). */
  manages: boolean;
}

export const NOT_FOUND_MESSAGE = 'No channel with that id.';

/**
 * Finds channels as an actor may see them and loads what their objects show. A hidden channel,
 * or one under a hidden ancestor, is for its owner and staff only: everyone else gets the 404
 * an unknown id gets, so a hidden channel's existence does not leak.
 */
export class ChannelReader {
  readonly #deps: ChannelReaderDeps;
  constructor(deps: ChannelReaderDeps) {
    this.#deps = deps;
  }

  manages(actor: Actor | null, channel: { user_id: string }): boolean {
    return can(actor, 'channel.edit', { ownerId: channel.user_id });
  }

  /** The channels of `ids` the actor may see, each with its ancestors, in the order asked. */
  async findMany(actor: Actor | null, ids: number[]): Promise<FoundChannel[]> {
    const { channels } = this.#deps;
    const rows = await channels.findByIds(ids);
    const ancestorRows = await channels.ancestorsOf(rows.map((r) => r.id));
    const usernames = new Map(rows.map((r) => [r.user_id, r.username]));
    const found: FoundChannel[] = [];
    for (const id of ids) {
      const channel = rows.find((r) => r.id === id);
      if (!channel) continue;
      const ancestors = ancestorRows
        .filter((a) => a.of === id)
        .reverse()
        .map(({ of: _, depth: __, ...a }) => ({ ...a, username: usernames.get(a.user_id)! }));
      const manages = this.manages(actor, channel);
      if (!manages && ![...ancestors, channel].every((c) => c.is_visible)) continue;
      found.push({ channel, ancestors, manages });
    }
    return found;
  }

  /** The channel, or 404 `channel_not_found` for an unknown or hidden one. */
  async find(actor: Actor | null, id: number): Promise<FoundChannel> {
    const [found] = await this.findMany(actor, [id]);
    if (!found) throw new AppError('channel_not_found', NOT_FOUND_MESSAGE);
    return found;
  }

  /** The channel for a change: 404 as `find`, 403 when the actor may see but not manage it. */
  async findToManage(actor: Actor | null, id: number): Promise<FoundChannel> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to manage channels.');
    const found = await this.find(actor, id);
    if (!found.manages) throw new AppError('forbidden', 'Only its owner may change this channel.');
    return found;
  }

  /** Channel objects for `found`, with one query per kind of thing shown, not per channel. */
  async present(actor: Actor | null, found: FoundChannel[]): Promise<ChannelObject[]> {
    if (found.length === 0) return [];
    const { channels, tags, urls } = this.#deps;
    const ids = found.map((f) => f.channel.id);
    const managed = found.filter((f) => f.manages).map((f) => f.channel.id);
    const [withChildren, managedWithChildren, ranked, magic, gifs, owners] = await Promise.all([
      channels.withChildren(ids, true),
      channels.withChildren(managed, false),
      tags.rankedOf(ids),
      tags.magicOf(managed),
      this.#gifs(found.flatMap((f) => [f.channel.featured_gif_id, f.channel.banner_gif_id])),
      this.#owners([...new Set(found.map((f) => f.channel.user_id))]),
    ]);
    return found.map((f) => {
      const { channel } = f;
      const gif = (id: string | null) => (id ? (gifs.get(id) ?? null) : null);
      return presentChannel(
        {
          channel,
          owner: owners.get(channel.user_id)!,
          ancestors: f.ancestors,
          hasChildren: (f.manages ? managedWithChildren : withChildren).has(channel.id),
          rankedTags: ranked.filter((t) => t.channel_id === channel.id),
          magicTags: magic.filter((t) => t.channel_id === channel.id),
          featuredGif: gif(channel.featured_gif_id),
          bannerGif: gif(channel.banner_gif_id),
        },
        urls,
      );
    });
  }

  async presentOne(actor: Actor | null, found: FoundChannel): Promise<ChannelObject> {
    return (await this.present(actor, [found]))[0]!;
  }

  /** The shown GIFs (ready, public) of `ids`, presented; the others are left out. */
  async #gifs(ids: (string | null)[]): Promise<Map<string, Gif>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    const rows = await this.#deps.channelGifs.shownGifs(wanted);
    const presented = await this.#deps.reads.presentRows(rows, '');
    return new Map(presented.map((gif) => [gif.id, gif]));
  }

  async #owners(ids: string[]): Promise<Map<string, ShownUser>> {
    const rows = await Promise.all(ids.map((id) => this.#deps.users.findById(id)));
    return new Map(rows.filter((r) => r !== undefined).map((r) => [r.id, r]));
  }
}
