/**
 * Analytics page type from a path's first segment; a segment that names no page is a channel.
 * Pure logic, no browser APIs: shared by the SPA's page-view reporting and its tests.
 */

const SAME_NAMED = new Set([
  'categories',
  'create',
  'upload',
  'backdrop',
  'clips',
  'explore',
  'favorites',
  'gifs',
  'stickers',
  'login',
  'email-jail',
  'search',
  'studios',
  'team',
  'artists',
  'apps',
  'widgets',
  'transparency',
  'about',
  'labs',
  'ar-scenes',
  'stories',
  'posts',
  'settings',
  'trending-gifs',
  'edit',
  '404',
  '403',
  'maintenance',
]);

const RENAMED: Record<string, string> = {
  dashboard: 'creator dashboard',
  apply: 'creator signup',
  join: 'signup',
  password: 'password recovery',
};

/** The first path segments that are the site's own pages, never a channel's (a user's). */
export const SITE_PAGE_SEGMENTS: ReadonlySet<string> = new Set([
  ...SAME_NAMED,
  ...Object.keys(RENAMED),
]);

/** Returns the page type for a pathname such as `/search/cats` (query and hash ignored). */
export function pageTypeFor(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((s) => s !== '');
  const first = segments[0];
  if (first === undefined) return 'home';
  if (first === 'edit' && segments[1] === 'gifs') return 'edit/gifs';
  const renamed = RENAMED[first];
  if (renamed !== undefined) return renamed;
  if (SAME_NAMED.has(first)) return first;
  return 'channel page';
}
