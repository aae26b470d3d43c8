import type { Gif } from '@jiffy/contracts';
import { escapeHtml } from '../../platform/lib/html.ts';
import { imageType, type UnfurlOptions } from './unfurl-tags.ts';

/** What a page that is not one GIF's says of itself in a link preview. */
export interface PagePreview {
  /** The page's own address (a path on the instance, `/amy/space`). */
  path: string;
  title: string;
  description: string;
  /** The GIF whose still pictures the page (a channel's featured GIF, a story's cover). */
  gif?: Gif | undefined;
  /** A picture of its own when no GIF does (a profile's avatar). */
  imageUrl?: string | null | undefined;
}

/**
 * The `<head>` tags that make a channel, profile, story or search link unfurl in Slack, Discord,
 * Mastodon and X: Open Graph and a large-image Twitter card with a still of the page's GIF
 * (GIPHY's 480-pixel still where there is one), and the canonical page. Media pages have
 * unfurlTags, with their video and oEmbed.
 */
export function pageUnfurlTags(page: PagePreview, options: UnfurlOptions): string {
  const url = `${options.publicUrl}${page.path}`;
  const still = page.gif && (page.gif.images['480w_still'] ?? page.gif.images.original_still);
  const image = still?.url ?? page.imageUrl ?? undefined;
  const tags: [kind: 'property' | 'name', key: string, value: string | undefined][] = [
    ['property', 'og:site_name', options.siteName],
    ['property', 'og:url', url],
    ['property', 'og:title', page.title],
    ['name', 'description', page.description],
    ['property', 'og:description', page.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:image', image],
    ['property', 'og:image:type', image ? imageType(image) : undefined],
    ['property', 'og:image:width', still?.width],
    ['property', 'og:image:height', still?.height],
    ['property', 'og:image:alt', image ? page.title : undefined],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', page.title],
    ['name', 'twitter:description', page.description],
    ['name', 'twitter:image', image],
  ];
  return [
    ...tags
      .filter((tag): tag is [(typeof tag)[0], string, string] => Boolean(tag[2]))
      .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}">`),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ].join('\n');
}
