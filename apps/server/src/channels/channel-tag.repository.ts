import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface RankedTagRow {
  id: number;
  channel_id: number;
  tag: string;
  position: number;
}

export interface MagicTagRow {
  id: number;
  channel_id: number;
  tag: string;
}

/** `channel_ranked_tags` and `channel_magic_tags` (migration 0024). */
export class ChannelTagRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The channels' ranked tags, each channel's in rank order. */
  async rankedOf(channelIds: number[]): Promise<RankedTagRow[]> {
    if (channelIds.length === 0) return [];
    return this.#db
      .selectFrom('channel_ranked_tags')
      .select(['id', 'channel_id', 'tag', 'position'])
      .where('channel_id', 'in', channelIds)
      .orderBy('channel_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async magicOf(channelIds: number[]): Promise<MagicTagRow[]> {
    if (channelIds.length === 0) return [];
    return this.#db
      .selectFrom('channel_magic_tags')
      .select(['id', 'channel_id', 'tag'])
      .where('channel_id', 'in', channelIds)
      .orderBy('channel_id')
      .orderBy('tag')
      .execute();
  }
}
