// The site's frame links, one list for both markups of it: the React site's AppShell and the
// page the server writes for `/` and `/search/:term` before the site starts (web-app/first-gifs).
// A keyboard user can be tabbing through the server's copy when the site takes over, so the two
// must hold the same stops in the same order. The site imports it as `@jiffy/contracts/site-links`:
// the package's index would bring zod's schemas into the main chunk.

/** The header's sections, in order: [path, label]. */
export const SITE_SECTIONS = [
  ['/trending-gifs', 'Trending'],
  ['/stickers', 'Stickers'],
  ['/clips', 'Clips'],
  ['/explore', 'Explore'],
  ['/categories', 'Categories'],
  ['/upload', 'Upload'],
] as const;

/** The header's account corner for a visitor who is not signed in. */
export const VISITOR_ACCOUNT_LINKS = [
  ['/login', 'Log in'],
  ['/join', 'Join'],
] as const;

/** The footer's links about the instance. */
export const SITE_FOOTER_LINKS = [
  ['/about', 'About'],
  ['/team', 'Team'],
  ['/transparency', 'Transparency'],
  ['/apps', 'Apps'],
  ['/labs', 'Labs'],
] as const;
