import type { Gif, GifUser } from './gif.ts';

/** GIPHY's category object (`gifs/categories`). */
export interface Category {
  name: string;
  name_encoded: string;
  subcategories: { name: string; name_encoded: string }[];
  gif: Gif | null;
}

/** GIPHY's channel object, for a user's channel (`channels/search`). */
export interface Channel {
  id: string;
  slug: string;
  url: string;
  display_name: string;
  short_display_name: string;
  description: string;
  type: 'community';
  content_type: 'gif';
  is_visible: boolean;
  is_private: boolean;
  user: GifUser;
}

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
