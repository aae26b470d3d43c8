import Fastify from 'fastify';
import type { Browser, BrowserContextOptions } from 'playwright-core';

const attribute = (value: string) => `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
const barePage = (body: string) =>
  `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><body style="margin:0">${body}</body>`;

/** bench/web's baseline: a page holding only the `<img>` of `src`, with nothing around it. */
export const bareImagePage = (src: string): string => barePage(`<img src=${attribute(src)}>`);

/** A page's first GIF: a tile's or sticker's image, or a GIF page's looping video. */
export type FirstMedia =
  { kind: 'img'; src: string } | { kind: 'video'; src: string; poster: string };

/** The baseline of a page whose first GIF is `media`: that element alone, as the site plays it. */
export const bareMediaPage = (media: FirstMedia): string =>
  media.kind === 'img'
    ? bareImagePage(media.src)
    : barePage(
        `<video src=${attribute(media.src)} poster=${attribute(media.poster)} autoplay loop muted playsinline></video>`,
      );

/** The image the site's first tile shows at `pageUrl` on `device` (the bare page's `<img>`). */
export async function firstTileSource(
  browser: Browser,
  device: BrowserContextOptions,
  pageUrl: string,
): Promise<string> {
  const probe = await browser.newContext(device);
  try {
    const tab = await probe.newPage();
    await tab.goto(pageUrl, { waitUntil: 'load' });
    return await tab
      .locator('.gif-grid .jiffy-gif img')
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
  } finally {
    await probe.close();
  }
}

/** Serves the bare page of `src` on loopback; its URL and how to stop it. */
export async function serveBarePage(
  src: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify();
  bare.get('/', (_request, reply) => reply.type('text/html').send(bareImagePage(src)));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => bare.close() };
}
