import type { Gif } from '@jiffy/contracts';
import { ratings } from '@jiffy/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { GifReadService } from '../gifs/index.ts';
import type { GifListRepository } from '../public-api/index.ts';
import type { UserRepository } from '../users/index.ts';
import type { StoryRepository, StoryRow } from './story.repository.ts';

/** A story with its author and GIF objects, ready for the presenter. */
export interface HydratedStory {
  story: StoryRow;
  author: UserRow | undefined;
  cover: Gif | null;
  /** Null when only the cover was asked for (`gif_hydration_method=COVER_ONLY`). */
  items: { gif: Gif; caption: string; link: string | null }[] | null;
}

export type Hydration = 'ALL' | 'COVER_ONLY';

export interface StoryReaderDeps {
  stories: StoryRepository;
  lists: GifListRepository;
  reads: GifReadService;
  users: UserRepository;
}

/**
 * Turns story rows into stories as read: items whose GIF is not ready (taken down, held,
 * processing) drop out, so the story still loads; a deleted GIF's items are gone already
 * (cascade). The cover is the chosen GIF, else the first item's. A page of stories costs four
 * queries, whatever its size: items, GIFs, their renditions and uploaders, authors.
 */
export class StoryReader {
  readonly #deps: StoryReaderDeps;

  constructor(deps: StoryReaderDeps) {
    this.#deps = deps;
  }

  async hydrate(stories: StoryRow[], hydration: Hydration): Promise<HydratedStory[]> {
    const { lists, reads, users } = this.#deps;
    const items = await this.#deps.stories.itemsOf(stories.map((s) => s.id));
    const gifIds = new Set(items.map((i) => i.gif_id));
    for (const story of stories) if (story.cover_gif_id) gifIds.add(story.cover_gif_id);
    const [rows, authors] = await Promise.all([
      lists.findReady([...gifIds], [...ratings]),
      users.findByIds([...new Set(stories.map((s) => s.user_id))]),
    ]);
    const presented = await reads.presentRows(rows, '');
    const gifById = new Map(presented.map((gif) => [gif.id, gif]));
    const authorById = new Map(authors.map((user) => [user.id, user]));
    const itemsOf = Map.groupBy(items, (item) => item.story_id);
    return stories.map((story) => {
      const shown = (itemsOf.get(story.id) ?? []).flatMap((item) => {
        const gif = gifById.get(item.gif_id);
        return gif ? [{ gif, caption: item.caption, link: item.link }] : [];
      });
      const chosen = story.cover_gif_id ? gifById.get(story.cover_gif_id) : undefined;
      return {
        story,
        author: authorById.get(story.user_id),
        cover: chosen ?? shown[0]?.gif ?? null,
        items: hydration === 'ALL' ? shown : null,
      };
    });
  }
}
