// The site itself: loaded by main.tsx once the server's first GIFs are on screen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { readFirstPage } from './first-page/first-page.ts';
import { fetchFirstPage } from './first-page/first-page-fetch.ts';
import { keepFocusAcrossTakeover } from './first-page/keep-focus.ts';
import { routes, serverWrittenPage } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createBrowserRouter(routes);

// The server wrote the first GIFs of `/`, a search, the trending pages and a GIF's page into the
// page, and keeps their data for the site: it takes over from them with that data (and the
// page's chunk loaded first, so no "Loading…"). A `.then`, not a top-level await: with one, the
// build split the main chunk into a dozen.
const root = document.getElementById('root')!;
const restoreFocus = keepFocusAcrossTakeover(root);
void Promise.all([
  fetchFirstPage().then((data) => readFirstPage(queryClient, data)),
  serverWrittenPage(location.pathname)
    ?.preload()
    .catch(() => undefined),
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AfterFirstCommit run={restoreFocus}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AfterFirstCommit>
    </StrictMode>,
  ),
);

/** Runs `run` once the first render has replaced the server's markup (before it is painted). */
function AfterFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useLayoutEffect(run, [run]);
  return children;
}
