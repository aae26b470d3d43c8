import type { ChannelJobStatus } from '@jiffy/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Actor } from '../accounts/index.ts';
import type { ChannelType, Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { ChannelReader, FoundChannel } from './channel-reader.ts';
import type { ChannelRepository } from './channel.repository.ts';
import type { ChannelTagRepository, MagicTagRow, RankedTagRow } from './channel-tag.repository.ts';
import type { FeedTotals } from './feed-totals.ts';

/** Tabs on a channel's page: a row of them, not a tag cloud. */
export const MAX_RANKED_TAGS = 20;
/** Each magic tag is a sync over the owner's (or everyone's) GIFs: a few per channel. */
export const MAX_MAGIC_TAGS = 10;

export interface ChannelTagsDeps {
  db: Kysely<Database>;
  channels: ChannelRepository;
  tags: ChannelTagRepository;
  reader: ChannelReader;
  queue: JobQueue;
  log: Logger;
  /** The feeds' kept totals, forgotten for a channel whose GIFs change here. */
  totals?: FeedTotals;
}

const jobStates: Record<string, ChannelJobStatus> = {
  created: 'PENDING',
  retry: 'PENDING',
  active: 'STARTED',
  completed: 'DONE',
  failed: 'FAILED',
  cancelled: 'FAILED',
};

/**
 * Ranked tags (a channel's tabs, in order) and magic tags (GIFs with the tag join by
 * themselves). Adding a magic tag starts `channel.sync-magic-tags`, whose id is the answer's
 * `flush_uuid`; removing one takes out, in the request, only what it brought in.
 */
export class ChannelTagsService {
  readonly #deps: ChannelTagsDeps;
  constructor(deps: ChannelTagsDeps) {
    this.#deps = deps;
  }

  async addRanked(
    actor: Actor | null,
    input: { channelId: number; tag: string },
  ): Promise<RankedTagRow[]> {
    const { db, channels, tags } = this.#deps;
    const { channel } = await this.#deps.reader.findToManage(actor, input.channelId);
    return db.transaction().execute(async (trx) => {
      await channels.lock(trx, channel.id);
      const existing = await tags.rankedOf([channel.id], trx);
      if (existing.some((t) => t.tag === input.tag)) return existing;
      if (existing.length >= MAX_RANKED_TAGS)
        throw new AppError(
          'too_many_tags',
          `A channel has at most ${MAX_RANKED_TAGS} ranked tags.`,
        );
      await tags.addRanked(trx, channel.id, input.tag);
      return tags.rankedOf([channel.id], trx);
    });
  }

  /** Moves a ranked tag to `rank` (1 = first); answers the channel's tags in their new order. */
  async rerank(actor: Actor | null, id: number, rank: number): Promise<RankedTagRow[]> {
    const { db, channels, tags } = this.#deps;
    const tag = await this.#ranked(actor, id);
    return db.transaction().execute(async (trx) => {
      await channels.lock(trx, tag.channel_id);
      const others = (await tags.rankedOf([tag.channel_id], trx)).filter((t) => t.id !== id);
      const ids = others.map((t) => t.id);
      ids.splice(Math.min(rank - 1, ids.length), 0, id);
      await tags.rank(trx, ids);
      return tags.rankedOf([tag.channel_id], trx);
    });
  }

  async removeRanked(actor: Actor | null, id: number): Promise<void> {
    const { db, channels, tags } = this.#deps;
    const tag = await this.#ranked(actor, id);
    await db.transaction().execute(async (trx) => {
      await channels.lock(trx, tag.channel_id);
      await tags.removeRanked(trx, id);
    });
  }

  /** Adds a magic tag and starts its sync; answers the tag and the job's id. */
  async addMagic(
    actor: Actor | null,
    input: { channelId: number; tag: string },
  ): Promise<{ tag: MagicTagRow; flushUuid: string | null }> {
    const { db, channels, tags } = this.#deps;
    const { channel } = await this.#subChannel(actor, input.channelId);
    const answer = await db.transaction().execute(async (trx) => {
      await channels.lock(trx, channel.id);
      const existing = await tags.magicOf([channel.id], trx);
      const same = existing.find((t) => t.tag === input.tag);
      if (same) return { tag: same, flushUuid: null };
      if (existing.length >= MAX_MAGIC_TAGS)
        throw new AppError('too_many_tags', `A channel has at most ${MAX_MAGIC_TAGS} magic tags.`);
      const inserted = await tags.addMagic(trx, channel.id, input.tag);
      const flushUuid = await this.startSync(trx, channel);
      return { tag: { id: inserted!.id, channel_id: channel.id, tag: input.tag }, flushUuid };
    });
    if (answer.flushUuid) this.#deps.queue.wake();
    return answer;
  }

  /** Removes the magic tag and what it alone brought in; answers how many GIFs left. */
  async removeMagic(actor: Actor | null, id: number): Promise<{ removed: number }> {
    const { db, channels, tags } = this.#deps;
    const found = await tags.findMagic(id);
    if (!found) throw new AppError('channel_tag_not_found', 'No magic tag with that id.');
    await this.#deps.reader.findToManage(actor, found.channel_id);
    const removed = await db.transaction().execute(async (trx) => {
      await channels.lock(trx, found.channel_id);
      const tag = await tags.findMagic(id, trx);
      return tag ? tags.removeMagic(trx, tag) : 0;
    });
    this.#deps.totals?.forget(found.channel_id);
    this.#deps.log.info({ channel_id: found.channel_id, removed }, 'magic tag removed');
    return { removed };
  }

  /** Queues a sync of the channel's magic tags in `trx` (none without magic tags). */
  async startSync(
    trx: Transaction<Database>,
    channel: { id: number; type?: ChannelType },
  ): Promise<string | null> {
    if ((await this.#deps.tags.magicOf([channel.id], trx)).length === 0) return null;
    return this.#deps.queue.enqueue(
      { name: 'channel.sync-magic-tags', data: { channelId: channel.id } },
      trx,
    );
  }

  /** The job's state, for whoever may manage its channel. */
  async jobStatus(actor: Actor | null, jobId: string): Promise<ChannelJobStatus> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to follow a channel job.');
    const found = await this.#deps.queue.findJob(jobId);
    const channelId =
      found?.job.name === 'channel.sync-magic-tags'
        ? (found.job.data as { channelId: number }).channelId
        : undefined;
    const [channel] = channelId ? await this.#deps.reader.findMany(actor, [channelId]) : [];
    if (!found || !channel?.manages) throw new AppError('job_not_found', 'No such channel job.');
    return jobStates[found.state] ?? 'PENDING';
  }

  /** The job: every magic tag of the channel brought in line, in one transaction. */
  async sync(channelId: number): Promise<'success' | 'skipped'> {
    const { db, channels, tags, log } = this.#deps;
    const started = Date.now();
    const totals = await db.transaction().execute(async (trx) => {
      const channel = await channels.lock(trx, channelId);
      if (!channel) return null;
      let added = 0;
      let left = 0;
      for (const tag of await tags.magicOf([channelId], trx)) {
        const result = await tags.sync(trx, {
          tag,
          ownerId: channel.user_id,
          editorial: channel.type === 'editorial',
        });
        added += result.added;
        left += result.left;
      }
      return { added, left };
    });
    if (!totals) return 'skipped';
    // A worker in another process leaves a server's kept total to run out (FEED_TOTAL_MS).
    this.#deps.totals?.forget(channelId);
    log.info({ channel_id: channelId, ...totals, ms: Date.now() - started }, 'magic tags synced');
    return 'success';
  }

  async #ranked(actor: Actor | null, id: number): Promise<RankedTagRow> {
    const tag = await this.#deps.tags.findRanked(id);
    if (!tag) throw new AppError('channel_tag_not_found', 'No ranked tag with that id.');
    await this.#deps.reader.findToManage(actor, tag.channel_id);
    return tag;
  }

  async #subChannel(actor: Actor | null, id: number): Promise<FoundChannel> {
    const found = await this.#deps.reader.findToManage(actor, id);
    if (found.channel.parent_id === null)
      throw new AppError(
        'channel_is_root',
        'A root channel shows its owner’s uploads; give a sub-channel the magic tag.',
      );
    return found;
  }
}
