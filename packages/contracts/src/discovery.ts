import { z } from 'zod';
import { channelObjectSchema, type ChannelObject } from './channel.ts';
import { gifSchema } from './gif.ts';
import { siteData } from './site-answers.ts';

/** GIPHY's category object (`gifs/categories`). */
export const categorySchema = z
  .object({
    name: z.string(),
    name_encoded: z.string(),
    subcategories: z.array(z.object({ name: z.string(), name_encoded: z.string() })),
    gif: gifSchema.nullable(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export { categoryDisplayName } from './page-titles.ts';

/** GIPHY's channel object as `channels/search` answers it: a user's root channel or a sub-channel. */
export const channelSchema = channelObjectSchema;
export type Channel = ChannelObject;

/** An autocomplete suggestion (`gifs/search/tags`). */
export const tagSuggestionSchema = z
  .object({ name: z.string(), analytics_response_payload: z.string().optional() })
  .meta({ id: 'TagSuggestion' });
export type TagSuggestion = z.infer<typeof tagSuggestionSchema>;

/** A tag often found with another (`tags/related/{tag}`); higher score, closer. */
export const relatedTagSchema = z
  .object({ name: z.string(), score: z.number() })
  .meta({ id: 'RelatedTag' });
export type RelatedTag = z.infer<typeof relatedTagSchema>;

/** The site's call for the same (`/ajax/tags/related/{gif|sticker}/{tag}/`), of one type. */
export const siteRelatedTagsAnswer = siteData(z.array(relatedTagSchema));

/** What a search that found nothing offers instead: searches that find something. */
export const searchSuggestionsSchema = z
  .object({
    similar: z
      .array(z.string())
      .meta({ description: 'Tags spelled like the term, most alike first ("Did you mean").' }),
    popular: z
      .array(z.string())
      .meta({ description: 'Popular searches: trending searches, then the most used tags.' }),
  })
  .meta({ id: 'SearchSuggestions' });
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** The site's call for them (`/ajax/search-suggestions/{gif|sticker}/{term}/`). */
export const searchSuggestionsAnswer = siteData(searchSuggestionsSchema);
