import type { Gif } from '@jiffy/contracts';
import { embedCode } from '@jiffy/embed/server';
import { SITE_NAME } from '../embed/embed-page.ts';
import { escapeHtml } from '../lib/html.ts';
import { unfurlTags } from '../unfurl/unfurl-tags.ts';

const style = `body{margin:0;background:#121212;color:#eee;font:16px/1.4 system-ui,sans-serif}
main{max-width:720px;margin:0 auto;padding:16px 24px}a{color:#9a8cff}h1{font-size:22px}
.media{display:block;max-width:100%;height:auto;border-radius:4px;background:#2a2a2a}
.tags a{margin-right:8px}textarea,input{width:100%;background:#2a2a2a;color:#eee;border:0;
border-radius:4px;padding:6px;font:13px monospace}label{display:block;margin-top:12px;color:#bbb}`;

/**
 * The GIF page (`/gifs/:slug-:id`) as the server delivers it: the Open Graph / Twitter player
 * tags and the oEmbed link in the HTML itself (link unfurlers do not run scripts), the GIF,
 * its tags, attribution and share fields. The React site (issue 5) replaces the body.
 */
export function renderGifPage(gif: Gif, publicUrl: string): string {
  const title = gif.title || gif.alt_text || 'GIF';
  const original = gif.images.original;
  const alt = escapeHtml(gif.alt_text || gif.title || gif.tags.join(', ') || 'GIF');
  const media =
    original?.mp4 && gif.is_sticker !== 1
      ? `<video class="media" autoplay loop muted playsinline width="${original.width}" height="${original.height}" poster="${escapeHtml(gif.images.original_still?.url ?? '')}" src="${escapeHtml(original.mp4)}" aria-label="${alt}"></video>`
      : `<img class="media" src="${escapeHtml(original?.url ?? '')}" width="${original?.width ?? ''}" height="${original?.height ?? ''}" alt="${alt}">`;
  const tags = gif.tags
    .map((t) => `<a href="/search/${encodeURIComponent(t)}">#${escapeHtml(t)}</a>`)
    .join('');
  const user = gif.user;
  const by = user?.is_public
    ? `<p>By <a href="${escapeHtml(user.profile_url)}">${escapeHtml(user.attribution_display_name || user.display_name || user.username)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${SITE_NAME}</title>
${unfurlTags(gif, { publicUrl, siteName: SITE_NAME })}
<style>${style}</style></head>
<body><main>
<p><a href="/">${SITE_NAME}</a></p>
<h1>${escapeHtml(title)}</h1>
${media}
<p class="tags">${tags}</p>
${by}
<label>Link <input readonly value="${escapeHtml(gif.url)}"></label>
<label>Embed code <textarea readonly rows="3">${escapeHtml(embedCode(gif))}</textarea></label>
</main></body></html>`;
}
