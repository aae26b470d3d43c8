// What a GIF's picture says to someone who cannot see it, one rule for every place that draws
// one: the site, the server's first-page markup, the embed player and the widget kit. Imported
// as `@jiffy/contracts/alt-text`: the package's index would bring zod into the player and the
// kit's standalone script. A small thumbnail inside a picker's button or label that already
// names the GIF by its title (a story's or channel's GIF picker) stays `alt=""`: an alt there
// would make a screen reader say the title twice.

/** The fields of a GIF (GIPHY's object, or the site's own listings) the rule reads. */
export interface AltTextSource {
  alt_text?: string | null;
  title?: string | null;
  tags?: readonly string[] | null;
  /** GIPHY's type ('gif', 'sticker', 'video'), which names an untitled one. */
  type?: string;
}

/**
 * Tags a fallback names at most: a screen reader reads every word of an alt, and past a few
 * tags they stop describing the picture.
 */
export const ALT_TEXT_TAGS = 5;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A GIF's alt text: the creator's own when written; else its title and the tags the title does
 * not already say ("Moon hop: space, night sky"); else its tags; else "Untitled GIF" (sticker,
 * clip) — never empty, so no GIF is a nameless picture.
 */
export function gifAltText(gif: AltTextSource): string {
  const written = gif.alt_text?.trim();
  if (written) return written;
  const title = gif.title?.trim() ?? '';
  const titleWords = new Set(wordsOf(title));
  const tags = (gif.tags ?? [])
    .map((tag) => tag.trim())
    .filter((tag) => {
      const words = wordsOf(tag);
      return tag && !(words.length > 0 && words.every((word) => titleWords.has(word)));
    })
    .slice(0, ALT_TEXT_TAGS)
    .join(', ');
  if (title && tags) return `${title}: ${tags}`;
  if (title || tags) return title || tags;
  const kind = gif.type === 'sticker' ? 'sticker' : gif.type === 'video' ? 'clip' : 'GIF';
  return `Untitled ${kind}`;
}
