import { describe, expect, it } from 'vitest';
import { demoCatalog, demoRatings, demoUsers } from './demo-catalog.ts';

describe('demoCatalog', () => {
  const items = demoCatalog();

  it('has at least 60 GIFs, 20 stickers and 3 clips, clips last', () => {
    expect(items.filter((i) => i.kind === 'gif').length).toBeGreaterThanOrEqual(60);
    expect(items.filter((i) => i.kind === 'sticker').length).toBeGreaterThanOrEqual(20);
    const clips = items.filter((i) => i.kind === 'clip');
    expect(clips.length).toBeGreaterThanOrEqual(3);
    // Seed progress is a count in catalog order: clips added after the rest keep it valid.
    expect(items.slice(-clips.length)).toEqual(clips);
  });

  it('makes clips 3–6 s long, 16:9, each with a soundtrack, and not all the same tune', () => {
    const clips = items.flatMap((i) => (i.kind === 'clip' ? [i] : []));
    for (const clip of clips) {
      expect(clip.visual.seconds, clip.key).toBeGreaterThanOrEqual(3);
      expect(clip.visual.seconds, clip.key).toBeLessThanOrEqual(6);
      expect(clip.visual.aspect).toBe('landscape');
      expect(clip.tags).toContain('sound');
    }
    expect(new Set(clips.map((c) => c.visual.sound)).size).toBeGreaterThanOrEqual(3);
  });

  it('has an emoji set of stickers, each sharing a tag with another (its variations)', () => {
    const emoji = items.filter((i) => i.tags.includes('emoji'));
    expect(emoji.length).toBeGreaterThanOrEqual(6);
    for (const item of emoji) {
      expect(item.kind, item.key).toBe('sticker');
      const kin = emoji.filter(
        (other) => other !== item && other.tags.some((t) => t !== 'emoji' && item.tags.includes(t)),
      );
      if (item.tags.includes('face')) expect(kin.length, item.key).toBeGreaterThan(0);
    }
  });

  it('has unique kebab-case keys and unique titles', () => {
    const keys = items.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const titles = items.map((i) => i.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('gives every item 3–6 lowercase single-word tags without repeats', () => {
    for (const item of items) {
      expect(item.tags.length, item.key).toBeGreaterThanOrEqual(3);
      expect(item.tags.length, item.key).toBeLessThanOrEqual(6);
      expect(new Set(item.tags).size, item.key).toBe(item.tags.length);
      for (const tag of item.tags) expect(tag).toMatch(/^[a-z0-9]+$/);
    }
  });

  it('shares at least one tag between every item and some other item', () => {
    const counts = new Map<string, number>();
    for (const tag of items.flatMap((i) => i.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    for (const item of items) {
      expect(
        item.tags.some((tag) => (counts.get(tag) ?? 0) > 1),
        item.key,
      ).toBe(true);
    }
  });

  it('uses valid ratings, mostly g, with something for the rating filter to hide', () => {
    for (const item of items) expect(demoRatings).toContain(item.rating);
    const count = (rating: string): number => items.filter((i) => i.rating === rating).length;
    expect(count('g')).toBeGreaterThan(items.length / 2);
    expect(count('pg')).toBeGreaterThan(0);
    expect(count('pg-13')).toBeGreaterThan(0);
    expect(count('r')).toBeGreaterThan(0);
  });

  it('assigns every item to a known user and every user some items', () => {
    const usernames = demoUsers.map((u) => u.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    for (const username of usernames) expect(username).toMatch(/^[a-z0-9_]+$/);
    for (const item of items) expect(usernames).toContain(item.username);
    for (const username of usernames) {
      expect(items.some((i) => i.username === username)).toBe(true);
    }
  });

  it('draws GIFs as GIF, stickers as GIF or WebP (a few WebP) and clips as MP4', () => {
    for (const item of items) {
      if (item.kind === 'gif') expect(item.visual.format).toBe('gif');
      else if (item.kind === 'clip') expect(item.visual.format).toBe('mp4');
      else expect(['gif', 'webp']).toContain(item.visual.format);
    }
    expect(items.some((i) => i.visual.format === 'webp')).toBe(true);
  });

  it('varies the frame shape of GIFs', () => {
    const aspects = new Set(items.filter((i) => i.kind === 'gif').map((i) => i.visual.aspect));
    expect([...aspects].sort()).toEqual(['landscape', 'portrait', 'square']);
  });

  it('is deterministic and hands out fresh objects', () => {
    const again = demoCatalog();
    expect(again).toEqual(items);
    expect(again[0]).not.toBe(items[0]);
  });
});
