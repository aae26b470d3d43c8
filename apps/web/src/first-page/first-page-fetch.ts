import { FIRST_PAGE_META, firstPageDataPath, type FirstPageData } from './first-page-data.ts';

let asked: Promise<FirstPageData | undefined> | undefined;

/**
 * The data of the page view the server wrote this page's first GIFs for (named in the page's
 * `<meta>`), asked for once: the boot script asks as the site's chunks load, the site reads the
 * answer before its first render. Undefined on a page without first GIFs, and when the server
 * no longer keeps the view (a minute on, or another node answered): the grids then fetch their
 * first pages as on any other page.
 */
export function fetchFirstPage(doc: Document = document): Promise<FirstPageData | undefined> {
  asked ??= ask(doc);
  return asked;
}

async function ask(doc: Document): Promise<FirstPageData | undefined> {
  const view = doc.querySelector<HTMLMetaElement>(`meta[name="${FIRST_PAGE_META}"]`)?.content;
  if (!view) return undefined;
  try {
    const response = await fetch(firstPageDataPath(view), {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    return ((await response.json()) as { data: FirstPageData }).data;
  } catch {
    return undefined; // Offline, or an answer that is no JSON: the grids fetch their own.
  }
}
