/**
 * A page the server answered 404 because nothing can be there for anyone (no such user, a path
 * no channel can have, no such GIF) names its path in a `<meta>`, so the site shows its 404 at
 * once instead of asking the API about it: the API's 404 was one more failed request in the
 * visitor's console, on a page that was already a miss. Shared by the server and the site.
 */

/** The `<meta name>` whose content is the path the server found nothing at. */
export const MISSING_PAGE_META = 'jiffy-missing';

const decoded = (path: string): string => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * Whether the server said there is nothing at `pathname` (the router's location): true only for
 * the path the page was loaded at, so a page opened later from it asks as usual.
 */
export function missingAtLoad(pathname: string): boolean {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${MISSING_PAGE_META}"]`);
  return meta !== null && decoded(meta.content) === decoded(pathname);
}
