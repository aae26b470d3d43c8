import type { Gif } from '@jiffy/contracts';
import { gifDescription } from '@jiffy/contracts/page-titles';
import { escapeHtml } from '../../platform/lib/html.ts';

export interface UnfurlOptions {
  /** The instance's public origin, e.g. `http://localhost:3000`. */
  publicUrl: string;
  siteName: string;
}

/**
 * The `<head>` tags that make a GIF link unfurl in Slack, Discord and X: Open Graph image and
 * MP4 video, a Twitter player card pointing at `/embed/:id` with the MP4 as its stream, the
 * canonical page and the oEmbed discovery link. Shared by the GIF page and the embed page so
 * both unfurl alike; the server writes them into the HTML, no script adds them.
 */
export function unfurlTags(gif: Gif, options: UnfurlOptions): string {
  const title = gif.title || gif.alt_text || 'GIF';
  const still = gif.images.original_still ?? gif.images['480w_still'];
  const video = gif.images.original_mp4 ?? gif.images.original;
  const mp4 = video?.mp4;
  // The same words the site's GIF page describes itself with.
  const description = gifDescription(gif);
  const oembed = `${options.publicUrl}/oembed?url=${encodeURIComponent(gif.url)}&format=json`;
  const tags: [kind: 'property' | 'name', key: string, value: string | undefined][] = [
    ['property', 'og:site_name', options.siteName],
    ['property', 'og:url', gif.url],
    ['property', 'og:title', title],
    ['name', 'description', description],
    ['property', 'og:description', description],
    ['property', 'og:type', mp4 ? 'video.other' : 'website'],
    ['property', 'og:image', still?.url],
    ['property', 'og:image:type', still?.url ? imageType(still.url) : undefined],
    ['property', 'og:image:width', still?.width],
    ['property', 'og:image:height', still?.height],
    ['property', 'og:image:alt', title],
    ['property', 'og:video', mp4],
    ['property', 'og:video:secure_url', mp4?.startsWith('https:') ? mp4 : undefined],
    ['property', 'og:video:type', mp4 ? 'video/mp4' : undefined],
    ['property', 'og:video:width', mp4 ? video?.width : undefined],
    ['property', 'og:video:height', mp4 ? video?.height : undefined],
    ['name', 'twitter:card', mp4 ? 'player' : 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:image', still?.url],
    ['name', 'twitter:player', mp4 ? gif.embed_url : undefined],
    ['name', 'twitter:player:width', mp4 ? video?.width : undefined],
    ['name', 'twitter:player:height', mp4 ? video?.height : undefined],
    ['name', 'twitter:player:stream', mp4],
    ['name', 'twitter:player:stream:content_type', mp4 ? 'video/mp4' : undefined],
  ];
  const metas = tags
    .filter((tag): tag is [(typeof tag)[0], string, string] => Boolean(tag[2]))
    .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}">`);
  return [
    ...metas,
    `<link rel="canonical" href="${escapeHtml(gif.url)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(title)}">`,
  ].join('\n');
}

/** An image's type by its file name, for `og:image:type`. */
export function imageType(url: string): string {
  if (url.endsWith('.png')) return 'image/png';
  if (url.endsWith('.webp')) return 'image/webp';
  if (url.endsWith('.gif')) return 'image/gif';
  return 'image/jpeg';
}
