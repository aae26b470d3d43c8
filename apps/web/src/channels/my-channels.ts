import type { ChannelObject } from '@jiffy/contracts';
import { channelApi } from './channel-api.ts';

/** The most sub-channels the GIF page's picker lists: one children call per channel read. */
export const PICKER_LIMIT = 100;

/**
 * A user's channels: their root (their main channel, their profile) first, then its
 * sub-channels in tree order (read breadth first: each level's children).
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
  return [root, ...found.slice(0, PICKER_LIMIT).toSorted((a, b) => a.path.localeCompare(b.path))];
}

/**
 * How the picker names each channel: its display names from under the root down, e.g.
 * "Space › Planets", and the root as the user's main channel. Where two would read the same,
 * each also shows its path (slugs, unique).
 */
export function channelLabels(channels: ChannelObject[]): Map<number, string> {
  const named = channels.map((c) => ({
    c,
    label: c.is_root
      ? `${c.display_name} (your main channel)`
      : [...c.ancestors.slice(1), c].map((link) => link.display_name).join(' › '),
  }));
  const seen = new Map<string, number>();
  for (const { label } of named) seen.set(label, (seen.get(label) ?? 0) + 1);
  return new Map(
    named.map(({ c, label }) => [
      c.id,
      seen.get(label)! > 1 ? `${label} (${c.path.split('/').slice(1).join('/')})` : label,
    ]),
  );
}
