import { firstGifsPainted } from './first-page/first-gifs-painted.ts';
import { fetchFirstPage } from './first-page/first-page-fetch.ts';
import './styles.css';

// The boot script, the one module the page names. On `/` and `/search/:term` the server wrote
// the first GIFs into the page; the site (React and every route: ~100 ms of module evaluation
// and rendering on a busy phone) starts once they are painted, so its work does not hold back
// the frame that shows them. Its chunks are fetched then, in parallel (Vite's preload helper):
// preloaded with the page, they took the CPU and connections the first paint needed.
// The first page's data those GIFs were written from is asked for then too, beside the chunks:
// carried in the page, it held the first paint back.
// The mark lets a test, or anyone profiling, see when the site started.
void firstGifsPainted().then(() => {
  performance.mark('jiffy:site-start');
  void fetchFirstPage();
  return import('./app.tsx');
});
