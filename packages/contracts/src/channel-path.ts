// What a channel's address may be, shared by the channels API (which refuses anything else with
// a 400), the server's answer to a site page (404 for a path no channel can have) and the site
// (which shows its 404 for such a path without asking). The site imports it as
// `@jiffy/contracts/channel-path`: the package's index would bring zod's schemas into its chunks.

/** The deepest a channel may sit below its root (a path of at most this many slugs). */
export const MAX_CHANNEL_DEPTH = 8;

/** A channel path's first segment: its owner's username, as any username may be written. */
export const CHANNEL_USERNAME_PATTERN = /^[A-Za-z0-9_]{1,30}$/;

/**
 * A slug: what a channel's path segment is. Lower-case letters, digits and single hyphens, so a
 * path needs no escaping and `Cats` and `cats` are not two channels (the API lower-cases).
 */
export const CHANNEL_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest slug. */
export const MAX_CHANNEL_SLUG_LENGTH = 60;

/**
 * A path's segments (`username`, then slugs; decoded, empty ones left out) as the channel path
 * `GET /api/v4/channels/?slug=` reads them (slugs trimmed and lower-cased), or undefined when
 * they cannot name a channel: then there is nothing at that address for anyone.
 */
export function channelPathParts(segments: readonly string[]): [string, ...string[]] | undefined {
  const [username, ...rest] = segments;
  if (username === undefined || !CHANNEL_USERNAME_PATTERN.test(username)) return undefined;
  if (rest.length > MAX_CHANNEL_DEPTH) return undefined;
  const slugs = rest.map((slug) => slug.trim().toLowerCase());
  const valid = (slug: string) =>
    slug.length <= MAX_CHANNEL_SLUG_LENGTH && CHANNEL_SLUG_PATTERN.test(slug);
  return slugs.every(valid) ? [username, ...slugs] : undefined;
}
