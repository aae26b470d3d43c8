// The public-api module's face: what the rest of the server may use of it.
export { encodeAnswer } from './answer-json.ts';
export { categoriesRoutes } from './categories.routes.ts';
export { CategoriesService } from './categories.service.ts';
export { createDiscoveryServices } from './discovery-services.ts';
export { discoveryRoutes } from './discovery.routes.ts';
export type { DiscoveryService } from './discovery.service.ts';
export { GifListRepository } from './gif-list.repository.ts';
export { ListAnswers } from './list-answers.ts';
export {
  allowedRatings,
  familyFriendly,
  listQuerySchema,
  searchTermParam,
} from './list-query.schema.ts';
export { fromListedGifs, listedGifs } from './listed-gif.sql.ts';
export { publicGifsRoutes } from './public-gifs.routes.ts';
export { PublicGifService } from './public-gifs.service.ts';
export { publicQueryReader } from './public-query.ts';
export { RenderedAnswer } from './rendered-list-cache.ts';
export { responseShaping } from './response-shaping.ts';
export { searchSuggestionsRoutes } from './search-suggestions.routes.ts';
export { SearchSuggestionsService } from './search-suggestions.service.ts';
export { searchVisitor } from './search-visitor.ts';
export { siteRelatedTagsRoutes } from './site-related-tags.routes.ts';
export { trendingSearchModerationRoutes } from './trending-search-moderation.routes.ts';
export type { TrendingSearchModerationService } from './trending-search-moderation.service.ts';
export type { TrendingTermRules } from './trending-term-rules.ts';
