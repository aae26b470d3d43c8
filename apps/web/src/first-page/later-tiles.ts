/** Where the server wrote the tiles after the page's first (web-app/first-gifs on the server). */
const LATER_TILES = '.first-gifs-tiles > noscript';

/**
 * Puts the server-written tiles after the first into the page. The server writes them inside a
 * `<noscript>` so that the first frame holds only the first GIF (a browser running scripts
 * reads a noscript's content as text: no elements, layout, raster or image requests); the
 * noscript's text is the tiles' markup as the server escaped it. Without scripts the browser
 * shows them as ordinary tiles. Does nothing when they are already in.
 */
export function showLaterTiles(doc: Document = document): void {
  for (const held of doc.querySelectorAll(LATER_TILES)) {
    held.insertAdjacentHTML('afterend', held.textContent ?? '');
    held.remove();
  }
}
