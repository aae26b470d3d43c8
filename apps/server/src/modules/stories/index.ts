// The stories module's face: what the rest of the server may use of it.
export { storiesRoutes } from './stories.routes.ts';
export { storySlug } from './story-input.schema.ts';
export { createStoryServices } from './story-services.ts';
export type { StoryService } from './story.service.ts';
export { trendingStoriesRoutes } from './trending-stories.routes.ts';
export type { TrendingStoryService } from './trending-story.service.ts';
