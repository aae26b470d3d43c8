import type { OwnGif } from './own-gifs.ts';

/** One change the bulk bar applies to every selected GIF. */
export type BulkAction =
  | { kind: 'add-tags'; tags: string[] }
  | { kind: 'remove-tags'; tags: string[] }
  | { kind: 'rating'; rating: string }
  | { kind: 'sticker'; isSticker: boolean }
  | { kind: 'lang'; lang: string }
  | { kind: 'delete' };

/** Tags as a person types them: comma-separated, trimmed, lowercased (as the server keeps them). */
export const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/**
 * The field an edit action writes to one GIF, and the GIF as it will look after it: tags are
 * read from the GIF, the new ones added (or the named ones removed) and the whole list written
 * back. Null when the GIF already is so (nothing to send).
 */
export function editFor(
  gif: OwnGif,
  action: Exclude<BulkAction, { kind: 'delete' }>,
): { key: string; value: unknown; after: OwnGif } | null {
  switch (action.kind) {
    case 'add-tags': {
      const tags = [...gif.tags, ...action.tags.filter((tag) => !gif.tags.includes(tag))];
      return tags.length === gif.tags.length
        ? null
        : { key: 'tags', value: tags, after: { ...gif, tags } };
    }
    case 'remove-tags': {
      const tags = gif.tags.filter((tag) => !action.tags.includes(tag));
      return tags.length === gif.tags.length
        ? null
        : { key: 'tags', value: tags, after: { ...gif, tags } };
    }
    case 'rating':
      return gif.rating === action.rating
        ? null
        : { key: 'rating', value: action.rating, after: { ...gif, rating: action.rating } };
    case 'sticker':
      return gif.is_sticker === action.isSticker
        ? null
        : {
            key: 'is_sticker',
            value: action.isSticker,
            after: { ...gif, is_sticker: action.isSticker },
          };
    case 'lang':
      return gif.lang === action.lang
        ? null
        : { key: 'lang', value: action.lang, after: { ...gif, lang: action.lang } };
  }
}
