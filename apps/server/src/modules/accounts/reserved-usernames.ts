import { SITE_PAGE_SEGMENTS } from '@jiffy/web/page-type';

/**
 * The first path segments the server answers itself, besides the site's pages: its APIs, media
 * and health. A test holds this list to the routes the server registers.
 */
const SERVER_SEGMENTS = [
  'v1',
  'v2',
  'api',
  'ajax',
  'imaging',
  'media',
  'embed',
  'oembed',
  'assets',
  'docs',
  'healthz',
  'readyz',
  'metrics',
];

const RESERVED = new Set([...SITE_PAGE_SEGMENTS, ...SERVER_SEGMENTS]);

/**
 * Whether a username is a path the site or the server already answers: a user's channel lives
 * at `/<username>`, so a user called "search" or "api" would have a profile nobody could open.
 * Compared without regard to case, as usernames are.
 */
export function isReservedUsername(username: string): boolean {
  return RESERVED.has(username.toLowerCase());
}
