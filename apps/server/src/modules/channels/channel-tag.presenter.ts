import type { ChannelMagicTagAnswer, ChannelRankedTagAnswer } from '@jiffy/contracts';
import type { MagicTagRow, RankedTagRow } from './channel-tag.repository.ts';

/** A channel's ranked tags in order, ranked from 1 (as a channel object's `tags`). */
export function presentRankedTags(rows: RankedTagRow[]): ChannelRankedTagAnswer[] {
  return rows.map((row, i) => ({ id: row.id, channel: row.channel_id, tag: row.tag, rank: i + 1 }));
}

export function presentMagicTag(row: MagicTagRow): ChannelMagicTagAnswer {
  return { id: row.id, channel: row.channel_id, tag: row.tag };
}
