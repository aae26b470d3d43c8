import type { ChannelObject } from '@jiffy/contracts';
import { channelApi } from './channel-api.ts';

/** The most sub-channels the GIF page's picker lists: one children call per channel read. */
export const PICKER_LIMIT = 100;

/**
 * A user's sub-channels, breadth first (their paths in tree order are what the picker shows):
 * the root by username, then each level's children.
 */
export async function myChannels(username: string): Promise<ChannelObject[]> {
  const root = await channelApi.byPath(username);
  const found: ChannelObject[] = [];
  let level = [root];
  while (level.length > 0 && found.length < PICKER_LIMIT) {
    const next = (
      await Promise.all(level.filter((c) => c.has_children).map((c) => channelApi.children(c.id)))
    ).flat();
    found.push(...next);
    level = next;
  }
  return found.slice(0, PICKER_LIMIT).toSorted((a, b) => a.path.localeCompare(b.path));
}
