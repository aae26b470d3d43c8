import { MAX_CHANNEL_DEPTH, type ChannelObject } from '@jiffy/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { authorize, type Actor } from '../accounts/index.ts';
import type { ChannelType, Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ChannelGifRepository } from './channel-gif.repository.ts';
import type {
  ChannelFeedRepository,
  FeedOrder,
  FeedPage,
  FeedSource,
} from './channel-feed.repository.ts';
import type { FeedCursor } from './feed-cursor.ts';
import type { FeedTotals } from './feed-totals.ts';
import { NOT_FOUND_MESSAGE, type ChannelReader } from './channel-reader.ts';
import type { ChannelChanges, ChannelRepository } from './channel.repository.ts';
import { slugify } from '../../platform/lib/ids.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';

/** A user's channels, root included: enough for any catalogue, few enough to walk. */
export const MAX_CHANNELS_PER_USER = 500;
/** A channel's children: a page of tiles, and the most a move renumbers. */
export const MAX_CHILDREN = 100;

export interface ChannelServiceDeps {
  db: Kysely<Database>;
  channels: ChannelRepository;
  channelGifs: ChannelGifRepository;
  feeds: ChannelFeedRepository;
  totals: FeedTotals;
  reader: ChannelReader;
  caches: CacheRegistry;
  /** Starts the job a change needs (a magic-tag re-sync); null when none is needed. */
  resync?: (
    trx: Transaction<Database>,
    channel: { id: number; type: ChannelType },
  ) => Promise<string | null>;
  /** Tells local workers a job is waiting (after the commit that queued it). */
  wake?: () => void;
  log: Logger;
}

export interface CreateChannelInput {
  parent?: number | undefined;
  display_name: string;
  slug?: string | undefined;
  description: string;
  banner_gif: string | null;
  featured_gif: string | null;
  is_visible: boolean;
  type: ChannelType;
}

export interface UpdateChannelInput {
  display_name?: string | undefined;
  slug?: string | undefined;
  description?: string | undefined;
  banner_gif?: string | null | undefined;
  featured_gif?: string | null | undefined;
  is_visible?: boolean | undefined;
  type?: ChannelType | undefined;
}

export type MovePosition = 'before' | 'after' | 'first' | 'last';

/**
 * The channel tree: reading, creating, changing, moving and deleting channels. Every change to
 * one user's tree locks that user's root channel first, so two changes take turns and the
 * depth, cycle, slug and limit checks hold at commit.
 */
export class ChannelService {
  readonly #deps: ChannelServiceDeps;
  /** Each channel id's feed source, once read (see feed). */
  readonly #feedSources: NamedCache<FeedSource>;
  constructor(deps: ChannelServiceDeps) {
    this.#deps = deps;
    this.#feedSources = deps.caches.create({ name: 'channel_feed_sources', max: 10_000 });
  }

  async get(actor: Actor | null, id: number): Promise<ChannelObject> {
    const { reader } = this.#deps;
    return reader.presentOne(actor, await reader.find(actor, id));
  }

  /** The channel at `username/slug/...`. */
  async getByPath(actor: Actor | null, parts: [string, ...string[]]): Promise<ChannelObject> {
    const { reader } = this.#deps;
    const id = await this.#idAt(parts);
    if (!id) throw new AppError('channel_not_found', 'No channel at that path.');
    return reader.presentOne(actor, await reader.find(actor, id));
  }

  /** Whether getByPath would find a channel for `actor`, without presenting it. */
  async isShownAt(actor: Actor | null, parts: [string, ...string[]]): Promise<boolean> {
    const id = await this.#idAt(parts);
    return !!id && (await this.#deps.reader.findMany(actor, [id])).length > 0;
  }

  async #idAt([username, ...slugs]: [string, ...string[]]): Promise<number | null | undefined> {
    const { channels } = this.#deps;
    const root = await channels.rootOf(username);
    return root && (slugs.length === 0 ? root.id : await channels.findByPath(root.id, slugs));
  }

  /** The children the actor may see, in their order. */
  async children(actor: Actor | null, id: number): Promise<ChannelObject[]> {
    const { channels, reader } = this.#deps;
    const parent = await reader.find(actor, id);
    const rows = await channels.children(parent.channel.id);
    const ancestors = [...parent.ancestors, parent.channel];
    const shown = rows
      .map((channel) => ({ channel, ancestors, manages: parent.manages }))
      .filter((f) => f.manages || f.channel.is_visible);
    return reader.present(actor, shown);
  }

  /**
   * A page of the channel's GIFs; a root channel's are its owner's uploads, newest first. From
   * `offset`, or after `cursor` (the `next` of the page before, made for the same order).
   */
  async feed(
    actor: Actor | null,
    id: number,
    page: {
      limit: number;
      offset: number;
      order: FeedOrder;
      cursor?: FeedCursor | undefined;
      tag?: string | undefined;
    },
  ): Promise<FeedPage & { total: number }> {
    // Whether a channel is a root, and whose, never changes: once known, the page is read
    // first, and it says whether the channel is visible to anyone (one statement in all).
    const known = this.#feedSources.get(String(id));
    const found = known ? undefined : await this.#deps.reader.find(actor, id);
    const source: FeedSource =
      known ??
      (found!.channel.parent_id === null
        ? { userId: found!.channel.user_id }
        : { channelId: found!.channel.id });
    if (!known) this.#feedSources.set(String(id), source);
    const order = 'userId' in source ? 'newest' : page.order;
    if (page.cursor && page.cursor.order !== order)
      throw new AppError('invalid_request', `cursor: made for another order than ${order}.`);
    const request = { ...page, channelId: id, source, order };
    const { feeds, totals, reader } = this.#deps;
    const [rows, total] = await Promise.all([
      feeds.page(request),
      totals.get(request, () => feeds.count(request)),
    ]);
    // Hidden (or gone): 404 as an unknown id, unless the actor manages it.
    if (!rows.visible && !found) await reader.find(actor, id);
    const checked = this.#checkedTotal(total, rows, page);
    if (checked !== total) totals.correct(request, checked);
    return { ...rows, total: checked };
  }

  /**
   * A kept total (see FeedTotals) corrected by what the page shows: a page by offset with no
   * next one ends the feed, and one with a next page proves more GIFs; so a client that stops at
   * total_count never stops early, nor pages past the end, on a total kept from before a change.
   */
  #checkedTotal(
    total: number,
    found: FeedPage,
    page: { offset: number; cursor?: FeedCursor | undefined },
  ): number {
    if (page.cursor) return total;
    const seen = page.offset + found.rows.length;
    if (found.next) return Math.max(total, seen + 1);
    // Past the end, the feed has at most `offset` GIFs.
    return found.rows.length > 0 ? seen : Math.min(total, page.offset);
  }

  async create(actor: Actor | null, input: CreateChannelInput): Promise<ChannelObject> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to make a channel.');
    const { db, channels, reader } = this.#deps;
    const parentId = input.parent ?? (await channels.rootIdOf(actor.id));
    if (parentId === undefined) throw new AppError('channel_not_found', NOT_FOUND_MESSAGE);
    const parent = await reader.findToManage(actor, parentId);
    const ownerId = parent.channel.user_id;
    if (input.type === 'editorial') authorize(actor, 'channel.editorial');
    const slug = input.slug ?? slugify(input.display_name);
    if (!slug)
      throw new AppError(
        'invalid_request',
        'slug: the name has no letters or digits; give a slug.',
      );
    await this.#checkGifs([input.banner_gif, input.featured_gif]);
    const id = await db.transaction().execute(async (trx) => {
      await channels.lockTree(trx, ownerId);
      if (parent.ancestors.length + 1 > MAX_CHANNEL_DEPTH) throw tooDeep();
      if ((await channels.countOwned(trx, ownerId)) >= MAX_CHANNELS_PER_USER)
        throw new AppError(
          'channel_limit_reached',
          `A user has at most ${MAX_CHANNELS_PER_USER} channels.`,
        );
      await this.#checkRoomUnder(trx, parent.channel.id);
      if (await channels.slugTaken(trx, parent.channel.id, slug)) throw slugTaken(slug);
      return channels.insert(trx, {
        userId: ownerId,
        parentId: parent.channel.id,
        slug,
        title: input.display_name,
        description: input.description,
        isVisible: input.is_visible,
        type: input.type,
        bannerGifId: input.banner_gif,
        featuredGifId: input.featured_gif,
      });
    });
    this.#deps.log.info({ channel_id: id, by: actor.id }, 'channel created');
    return this.get(actor, id);
  }

  /** Changes the channel's fields; `flushUuid` names the re-sync job a type change started. */
  async update(
    actor: Actor | null,
    id: number,
    input: UpdateChannelInput,
  ): Promise<{ channel: ChannelObject; flushUuid: string | null }> {
    const { db, channels, reader } = this.#deps;
    const found = await reader.findToManage(actor, id);
    const { channel } = found;
    if (
      channel.parent_id === null &&
      ['display_name', 'slug', 'is_visible', 'type'].some(
        (k) => input[k as keyof UpdateChannelInput] !== undefined,
      )
    )
      throw new AppError(
        'channel_is_root',
        'A root channel is its owner’s profile: its name, slug and visibility are the profile’s.',
      );
    if (input.type !== undefined && input.type !== channel.type)
      authorize(actor, 'channel.editorial');
    await this.#checkGifs([input.banner_gif ?? null, input.featured_gif ?? null]);
    const changes: ChannelChanges = {
      ...(input.display_name !== undefined && { title: input.display_name }),
      ...(input.slug !== undefined && { slug: input.slug }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.banner_gif !== undefined && { banner_gif_id: input.banner_gif }),
      ...(input.featured_gif !== undefined && { featured_gif_id: input.featured_gif }),
      ...(input.is_visible !== undefined && { is_visible: input.is_visible }),
      ...(input.type !== undefined && { type: input.type }),
    };
    const flushUuid = await db.transaction().execute(async (trx) => {
      await channels.lockTree(trx, channel.user_id);
      if (
        input.slug !== undefined &&
        (await channels.slugTaken(trx, channel.parent_id!, input.slug, channel.id))
      )
        throw slugTaken(input.slug);
      await channels.update(trx, channel.id, changes);
      const retyped = input.type !== undefined && input.type !== channel.type;
      return retyped && this.#deps.resync
        ? this.#deps.resync(trx, { id: channel.id, type: input.type! })
        : null;
    });
    if (flushUuid) this.#deps.wake?.();
    return { channel: await this.get(actor, id), flushUuid };
  }

  /**
   * Deletes the channel and everything below it. GIFs are never deleted with a channel: they
   * stay on their owner's profile (the root channel's feed is the owner's uploads).
   */
  async delete(actor: Actor | null, id: number): Promise<{ deleted: number[] }> {
    const { db, channels, reader } = this.#deps;
    const { channel } = await reader.findToManage(actor, id);
    if (channel.parent_id === null)
      throw new AppError('channel_is_root', 'A root channel goes only with its owner.');
    const deleted = await db.transaction().execute(async (trx) => {
      await channels.lockTree(trx, channel.user_id);
      const ids = await channels.subtreeIds(trx, channel.id);
      await channels.delete(trx, channel.id);
      return ids;
    });
    this.#deps.log.info({ channel_id: id, deleted: deleted.length }, 'channel deleted');
    return { deleted };
  }

  /**
   * Moves the channel before or after `targetId` (among the target's siblings) or first or
   * last inside it. Under itself or a descendant is 409 `channel_cycle`; nothing changes on
   * any refusal (one transaction).
   */
  async move(
    actor: Actor | null,
    id: number,
    input: { position: MovePosition; targetId: number },
  ): Promise<ChannelObject> {
    const { db, channels, reader } = this.#deps;
    const { channel } = await reader.findToManage(actor, id);
    if (channel.parent_id === null)
      throw new AppError('channel_is_root', 'A root channel has no place to move to.');
    const target = await reader.findToManage(actor, input.targetId);
    if (target.channel.user_id !== channel.user_id)
      throw new AppError(
        'invalid_request',
        "target_channel: a channel moves within its owner's tree.",
      );
    const beside = input.position === 'before' || input.position === 'after';
    if (beside && target.channel.parent_id === null)
      throw new AppError(
        'channel_is_root',
        'Nothing goes beside a root channel; use first or last.',
      );
    const parentId = beside ? target.channel.parent_id! : target.channel.id;
    const parentDepth = beside ? target.ancestors.length - 1 : target.ancestors.length;

    await db.transaction().execute(async (trx) => {
      await channels.lockTree(trx, channel.user_id);
      const subtree = await channels.subtreeIds(trx, channel.id);
      if (subtree.includes(parentId))
        throw new AppError(
          'channel_cycle',
          'A channel cannot move under itself or its descendants.',
        );
      const height = await channels.subtreeHeight(trx, channel.id);
      if (parentDepth + 1 + height > MAX_CHANNEL_DEPTH) throw tooDeep();
      if (parentId !== channel.parent_id) {
        await this.#checkRoomUnder(trx, parentId);
        if (await channels.slugTaken(trx, parentId, channel.slug!, channel.id))
          throw slugTaken(channel.slug!);
      }
      const siblings = (await channels.children(parentId, trx))
        .map((c) => c.id)
        .filter((s) => s !== channel.id);
      let at = siblings.length;
      if (input.position === 'first') at = 0;
      else if (beside && target.channel.id !== channel.id) {
        const index = siblings.indexOf(target.channel.id);
        at = input.position === 'before' ? index : index + 1;
      } else if (beside) return; // beside itself: it stays where it is
      siblings.splice(at, 0, channel.id);
      await channels.place(trx, { id: channel.id, parentId, siblingIds: siblings });
    });
    return this.get(actor, id);
  }

  async #checkRoomUnder(trx: Transaction<Database>, parentId: number): Promise<void> {
    if ((await this.#deps.channels.children(parentId, trx)).length >= MAX_CHILDREN)
      throw new AppError(
        'channel_limit_reached',
        `A channel has at most ${MAX_CHILDREN} sub-channels.`,
      );
  }

  /** Featured and banner GIFs must be ones a channel shows (ready, public). */
  async #checkGifs(ids: (string | null)[]): Promise<void> {
    const wanted = ids.filter((id): id is string => id !== null);
    const shown = await this.#deps.channelGifs.listable(wanted);
    const missing = wanted.find((id) => !shown.has(id));
    if (missing) throw new AppError('gif_not_found', `No GIF with the id ${missing}.`);
  }
}

const tooDeep = () =>
  new AppError(
    'channel_too_deep',
    `Channels nest at most ${MAX_CHANNEL_DEPTH} deep below the profile.`,
  );

const slugTaken = (slug: string) =>
  new AppError('channel_slug_taken', `Another channel here already has the slug "${slug}".`);
