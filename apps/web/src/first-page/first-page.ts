import type { GifsResult } from '@jiffy/fetch-api';
import type { QueryClient } from '@tanstack/react-query';
import type { FirstPageData } from './first-page-data.ts';

/** The grids' first pages the server wrote into this page, until each grid has taken its own. */
const lists = new Map<string, GifsResult>();

/**
 * Takes the data the server wrote this page's first GIFs from (see first-page-data.ts), when it
 * was written for the page the browser is on: the queries go into the query client, the lists
 * wait for their grids. Without it the grids fetch their first pages as they would anyway.
 */
export function readFirstPage(queryClient: QueryClient, data: FirstPageData | undefined): boolean {
  if (!data || data.path !== location.pathname + location.search) return false;
  for (const [key, page] of Object.entries(data.lists)) lists.set(key, page);
  for (const query of data.queries) queryClient.setQueryData(query.key, query.data);
  return true;
}

/** The first page the server wrote for the grid of `listKey`, if it has not been shown yet. */
export const firstPageOf = (listKey: string): GifsResult | undefined => lists.get(listKey);

/**
 * Called once the grid that took it is on screen: coming back to the page later fetches a
 * fresh first page instead of showing the one the server wrote minutes before.
 */
export const forgetFirstPage = (listKey: string): void => void lists.delete(listKey);
