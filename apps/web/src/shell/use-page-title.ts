import { pageTitle, SITE_DESCRIPTION } from '@jiffy/contracts/page-titles';
import { useEffect } from 'react';

/**
 * Names the page in the tab, the history and bookmarks (`name — Jiffy`), and describes it for
 * link previews and search engines, as the visitor moves from page to page without a load.
 * Without a name (still loading), the tab says the site's name rather than the last page's.
 */
export function usePageTitle(name: string | undefined, description?: string): void {
  useEffect(() => {
    document.title = pageTitle(name);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description?.trim() || SITE_DESCRIPTION;
  }, [name, description]);
}
