/** The images of the first GIFs the server wrote into the page (web-app/first-gifs). */
const FIRST_GIF_IMAGES = '.first-gifs img';
/** Past this, the site starts even if an image has neither loaded nor failed. */
const MOST_MS = 2500;
/** What the user does that means they want the site now rather than the pictures. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Resolves once the first GIFs in the viewport that the server wrote into the page have been
 * painted (decoded or failed, then two frames), at once on a page without them. It also resolves
 * on the user's first input or after 2.5 s, so starting the site never waits for a slow image
 * while someone is using the page (the server's markup works without the site meanwhile: its
 * tiles are links, its search box a form).
 */
export function firstGifsPainted(doc: Document = document): Promise<void> {
  const view = doc.defaultView;
  const images = [...doc.querySelectorAll<HTMLImageElement>(FIRST_GIF_IMAGES)].filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < (view?.innerHeight ?? 0);
  });
  if (!view || !images.length) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) doc.removeEventListener(type, finish, true);
      resolve();
    };
    const timer = setTimeout(finish, MOST_MS);
    for (const type of INPUT_EVENTS) doc.addEventListener(type, finish, true);
    // Loaded is not yet painted: decode() settles once the image can be drawn (or never will
    // be), and the frame after the next one has been presented when a second frame callback
    // runs; a task queued from it runs after that.
    const drawable = images.map((img) => img.decode().catch(() => undefined));
    void Promise.all(drawable).then(() =>
      view.requestAnimationFrame(() => view.requestAnimationFrame(() => setTimeout(finish, 0))),
    );
  });
}
