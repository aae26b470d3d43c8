// The site itself: loaded by main.tsx once the server's first GIFs are on screen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { readFirstPage } from './first-page/first-page.ts';
import { routes, SearchPage } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createBrowserRouter(routes);

// The server wrote the first GIFs of `/` and `/search/:term` into the page, with their data:
// the site takes over from them (the search page's chunk loaded first, so no "Loading…").
// A `.then`, not a top-level await: with one, the build split the main chunk into a dozen.
const searchFirst = readFirstPage(queryClient) && location.pathname.startsWith('/search/');
void (searchFirst ? SearchPage.preload().catch(() => undefined) : Promise.resolve()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
