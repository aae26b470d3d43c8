// What a site page is called in tabs, history, bookmarks and shared links, one rule for both
// writers of a page's title: the server, for the HTML it answers, and the site, as a visitor
// moves from page to page. The site imports it as `@jiffy/contracts/page-titles`: the
// package's index would bring zod's schemas into the main chunk.

/** The site's name. */
export const SITE_NAME = 'Jiffy';

/** What the home page is called, and what every other page says it is part of. */
export const HOME_TITLE = `${SITE_NAME}: GIFs and stickers`;

/** What search engines and link previews say of a page that says nothing of its own. */
export const SITE_DESCRIPTION =
  'Search, share and make GIFs and stickers, on a GIF service its community runs itself.';

/** A page's title: what it is first ("cat GIFs — Jiffy"); without a name, the home page's. */
export function pageTitle(name?: string): string {
  const trimmed = name?.trim();
  return trimmed ? `${trimmed} — ${SITE_NAME}` : HOME_TITLE;
}

/** A GIF page's name: its title and its kind ("Happy dance GIF", "Moon sticker"). */
export function gifPageName(gif: { title: string; type: 'gif' | 'sticker' | 'video' }): string {
  const kind = gif.type === 'sticker' ? 'sticker' : gif.type === 'video' ? 'clip' : 'GIF';
  return `${gif.title.trim() || 'Untitled'} ${kind}`;
}

/** A search page's name: the words, then what they found ("cat GIFs", "cat stickers"). */
export function searchPageName(term: string, type: 'gifs' | 'stickers'): string {
  return `${term} ${type === 'stickers' ? 'stickers' : 'GIFs'}`;
}

/** A channel page's name: a user's own channel is theirs ("@amy's channel"), one in it says whose. */
export function channelPageName(channel: {
  is_root: boolean;
  display_name: string;
  user: { username: string };
}): string {
  const owner = `@${channel.user.username}`;
  return channel.is_root ? `${owner}'s channel` : `${channel.display_name} by ${owner}`;
}

/**
 * How a category derived from a tag is named for people: each word capitalised, as GIPHY names
 * its categories ("happy birthday" → "Happy Birthday", "lo-fi" → "Lo-Fi"). The tag itself stays
 * the category's address (`name_encoded`).
 */
export const categoryDisplayName = (tag: string): string =>
  tag.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );

/** A category page's name: its GIFs ("Happy Birthday GIFs"). */
export function categoryPageName(tag: string): string {
  return `${categoryDisplayName(tag)} GIFs`;
}

/** The name (and heading) of `/trending-gifs` or `/stickers`. */
export function trendingPageName(type: 'gifs' | 'stickers'): string {
  return type === 'stickers' ? 'Trending stickers' : 'Trending GIFs';
}

/**
 * A GIF page's description, for its `<meta name="description">` and link previews: its alt text,
 * else its name and tags ("Happy dance GIF: dance, happy."), else its name on the site.
 */
export function gifDescription(gif: {
  title: string;
  type: 'gif' | 'sticker' | 'video';
  alt_text?: string;
  tags: string[];
}): string {
  if (gif.alt_text) return gif.alt_text;
  const name = gifPageName(gif);
  return gif.tags.length > 0 ? `${name}: ${gif.tags.join(', ')}.` : `${name} on ${SITE_NAME}`;
}
