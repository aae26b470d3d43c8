import type { ChannelObject } from './channel.ts';
import type { Gif } from './gif.ts';

/** GIPHY's category object (`gifs/categories`). */
export interface Category {
  name: string;
  name_encoded: string;
  subcategories: { name: string; name_encoded: string }[];
  gif: Gif | null;
}

/** GIPHY's channel object as `channels/search` answers it: a user's root channel or a sub-channel. */
export type Channel = ChannelObject;

/** An autocomplete suggestion (`gifs/search/tags`). */
export interface TagSuggestion {
  name: string;
  analytics_response_payload?: string;
}

/** A tag often found with another (`tags/related/{tag}`); higher score, closer. */
export interface RelatedTag {
  name: string;
  score: number;
}
