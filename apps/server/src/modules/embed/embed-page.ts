import type { Gif } from '@jiffy/contracts';
import { gifPageName, pageTitle, SITE_NAME } from '@jiffy/contracts/page-titles';
import {
  EMBED_PROPS_ID,
  EMBED_ROOT_ID,
  renderPlayer,
  type EmbedOptions,
} from '@jiffy/embed/server';
import { escapeHtml, scriptJson } from '../../platform/lib/html.ts';
import { unfurlTags } from '../unfurl/index.ts';

export { SITE_NAME };
/** Where the player's script and stylesheet are served from. */
export const EMBED_ASSETS_PATH = '/embed-assets';

/**
 * The `/embed/:id` page: the player already rendered (visible before any script runs), the
 * unfurl tags, the props the script hydrates with, and the script itself. The player is the
 * page's main landmark, so a screen reader opening the frame lands on it.
 */
export function renderEmbedPage(
  gif: Gif,
  options: EmbedOptions,
  site: { publicUrl: string; apiKey: string; fontCssUrl?: string | undefined; css: string },
): string {
  const publicUrl = site.publicUrl;
  const props = { gif, options, site: { url: publicUrl, name: SITE_NAME }, apiKey: site.apiKey };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(pageTitle(gifPageName(gif)))}</title>
${unfurlTags(gif, { publicUrl, siteName: SITE_NAME })}
<style>${site.css}</style>${
    site.fontCssUrl ? `\n<link rel="stylesheet" href="${escapeHtml(site.fontCssUrl)}">` : ''
  }
</head>
<body>
<main id="${EMBED_ROOT_ID}">${renderPlayer(props)}</main>
<script id="${EMBED_PROPS_ID}" type="application/json">${scriptJson(props)}</script>
<script type="module" src="${EMBED_ASSETS_PATH}/embed.js"></script>
</body>
</html>`;
}

/** A small page in the player's style for ids that are unknown, processing or removed. */
export function renderEmbedNotFound(publicUrl: string, css: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(pageTitle('GIF not found'))}</title>
<style>${css}</style>
</head>
<body>
<main class="not-found">
<p>This GIF is not here any more.</p>
<a href="${escapeHtml(publicUrl)}" target="_blank" rel="noopener">More GIFs on ${SITE_NAME}</a>
</main>
</body>
</html>`;
}
