import {
  FIRST_GIF_IMAGES,
  SITE_START_EVENTS,
  SITE_START_MOST_MS,
  STARTED_BY_INPUT,
} from './boot-loader.ts';
import { showLaterTiles } from './later-tiles.ts';

/**
 * Resolves once the first GIFs in the viewport that the server wrote into the page have been
 * painted: the first tile (the only one in the page's first frame), then the others once they
 * are put in (`showLaterTiles`) — each decoded or failed, then two frames. At once on a page
 * without them. It also resolves on the user's first input or 2.5 s after the navigation, so
 * starting the site never waits for a slow image while someone is using the page (the server's
 * markup works without the site meanwhile: its tiles are links, its search box a form). The later
 * tiles are in when it resolves, whatever ended the wait.
 */
export function firstGifsPainted(doc: Document = document): Promise<void> {
  const view = doc.defaultView;
  // The page's loader (boot-loader.ts) ran this module on the visitor's input: nothing to wait for.
  const startedByInput = doc.documentElement.hasAttribute(STARTED_BY_INPUT);
  if (!view || startedByInput || !doc.querySelector(FIRST_GIF_IMAGES)) {
    showLaterTiles(doc);
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const type of SITE_START_EVENTS) doc.removeEventListener(type, finish, true);
      showLaterTiles(doc);
      resolve();
    };
    const timer = setTimeout(finish, Math.max(0, SITE_START_MOST_MS - view.performance.now()));
    for (const type of SITE_START_EVENTS) doc.addEventListener(type, finish, true);
    void painted(view, doc)
      .then(() => {
        showLaterTiles(doc);
        return painted(view, doc);
      })
      .then(finish);
  });
}

/** The server-written tile images now in the viewport, each drawable (or failed), then two frames. */
async function painted(view: Window, doc: Document): Promise<void> {
  const images = [...doc.querySelectorAll<HTMLImageElement>(FIRST_GIF_IMAGES)].filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < view.innerHeight;
  });
  // Loaded is not yet painted: decode() settles once the image can be drawn (or never will
  // be), and the frame after the next one has been presented when a second frame callback
  // runs; a task queued from it runs after that.
  await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  await new Promise<void>((resolve) =>
    view.requestAnimationFrame(() => view.requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}
