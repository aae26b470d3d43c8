import type { StoryObject, TrendingStoryObject } from '@jiffy/contracts';
import { presentGifUser, type PresenterUrls } from '../gifs/index.ts';
import { isoTime } from '../gateway/index.ts';
import type { HydratedStory } from './story-reader.ts';
import type { TrendingStory } from './trending-story.service.ts';

/**
 * A story as the gateway answers it. `gifs` (ordered items: GIF, caption, link) is left out
 * when only the cover was asked for; items whose GIF no longer shows are already gone.
 */
export function presentStory(hydrated: HydratedStory, urls: PresenterUrls): StoryObject {
  const { story, author, cover, items } = hydrated;
  return {
    story_id: story.id,
    slug: story.slug,
    title: story.title,
    description: story.description,
    url: `${urls.publicUrl}/stories/${story.slug}`,
    cover_gif: cover,
    ...(items
      ? { gifs: items.map((item) => ({ gif: item.gif, caption: item.caption, link: item.link })) }
      : {}),
    user: author ? presentGifUser(author, urls) : null,
    tags: story.tags,
    is_published: story.is_published,
    publish_datetime: isoTime(story.publish_at),
    create_datetime: isoTime(story.created_at),
    update_datetime: isoTime(story.updated_at),
  };
}

/** A story on trending stories: the story, and `publish_datetime` its time on trending. */
export function presentTrendingStory(
  entry: TrendingStory,
  urls: PresenterUrls,
): TrendingStoryObject {
  return {
    trending_story: {
      story_id: entry.hydrated.story.id,
      publish_datetime: isoTime(entry.trendingAt),
    },
    story: presentStory(entry.hydrated, urls),
  };
}
