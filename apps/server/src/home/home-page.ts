import type { GifRow, RenditionRow } from '../db/schema.ts';
import { mediaUrl } from '../gifs/images.presenter.ts';
import { escapeHtml } from '../lib/html.ts';

/**
 * The interim home page (until the React site lands): the newest GIFs as fixed_width tiles,
 * WebP with a GIF fallback, sizes reserved so nothing shifts while they load.
 */
export function renderHomePage(options: {
  gifs: GifRow[];
  renditions: RenditionRow[];
  mediaBaseUrl: string;
}): string {
  const byGif = Map.groupBy(options.renditions, (r) => r.gif_id);
  const tiles = options.gifs
    .map((gif) => {
      const own = byGif.get(gif.id) ?? [];
      const gifFile = own.find((r) => r.name === 'fixed_width' && r.format === 'gif');
      const webp = own.find((r) => r.name === 'fixed_width' && r.format === 'webp');
      if (!gifFile) return '';
      const alt = escapeHtml(gif.alt_text || gif.title || 'GIF');
      const checker = gif.type === 'sticker' ? ' class="sticker"' : '';
      return `<figure${checker}><picture>${
        webp ? `<source srcset="${mediaUrl(options.mediaBaseUrl, webp)}" type="image/webp">` : ''
      }<img src="${mediaUrl(options.mediaBaseUrl, gifFile)}" width="${gifFile.width}" height="${gifFile.height}" alt="${alt}" loading="lazy"></picture><figcaption>${escapeHtml(gif.title)}</figcaption></figure>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Jiffy</title>
<style>
body{margin:0;background:#121212;color:#eee;font:16px/1.4 system-ui,sans-serif}
header{padding:16px 24px}h1{margin:0;color:#9a8cff}main{columns:200px;column-gap:8px;padding:0 24px 24px}
figure{margin:0 0 8px;break-inside:avoid;border-radius:4px;overflow:hidden;background:#2a2a2a}
figure.sticker{background:repeating-conic-gradient(#3a3a3a 0 25%,#2a2a2a 0 50%) 0 0/16px 16px}
img{display:block;width:100%;height:auto}figcaption{padding:4px 8px;font-size:13px;color:#bbb}
@media (prefers-reduced-motion: reduce){img{animation:none}}
</style></head>
<body><header><h1>Jiffy</h1><p>The newest GIFs and stickers on this instance.</p></header>
<main>${tiles || '<p>Nothing here yet: upload a GIF with <code>POST /v1/gifs</code>.</p>'}</main></body></html>`;
}
