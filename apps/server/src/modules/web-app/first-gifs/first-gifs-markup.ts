import { gifAltText } from '@jiffy/contracts/alt-text';
import {
  type ChannelObject,
  type Gif,
  type SearchSuggestions,
  SITE_FOOTER_LINKS,
  SITE_SECTIONS,
  VISITOR_ACCOUNT_LINKS,
} from '@jiffy/contracts';
import type { GifsResult } from '@jiffy/fetch-api';
import { FIRST_GIF_TIMING } from '@jiffy/web/boot-loader';
import { tilePicture, WEBP_TYPE } from '@jiffy/widgets/best-rendition';
import { BRAND_COLORS, LOADER_COLORS } from '@jiffy/widgets/colors';
import { escapeHtml } from '../../../platform/lib/html.ts';
import { COLUMN_COUNTS, firstGifsLayout, heightRatio, TILE_SIZES } from './first-gifs-layout.ts';

// The markup of a site page's first GIFs, written by the server into `#root` so the browser
// paints them before (or without) the site's script. It copies what the React site renders
// (AppShell, HomePage, SearchPage, the kit's Grid and Gif): same elements, classes and sizes,
// so the site replaces it without moving anything. styles.css (`.first-gifs`) lays the tiles
// out as the kit's masonry for whichever column count the grid's width gives.

/**
 * Tiles in the page's first frame, their image asked for at once and first
 * (`fetchpriority="high"`): the first only. Every other tile is written inside a `<noscript>`
 * in its grid: to a browser running scripts that is text, not elements, so the first frame
 * styles, lays out, rasterises and decodes one tile, and the boot script puts the others in two
 * frames after the first GIF's paint (apps/web first-page/later-tiles.ts); without scripts they
 * are ordinary tiles. They load lazily at low priority either way (the browser's own lazy
 * loading: those in view start after their first layout). bench/web, copies of the page: the
 * number of tiles in the first frame is what the first GIF's paint pays for (its raster on two
 * cores, a filled box each, and their images' fetches and decodes); see the README's passes.
 */
const FIRST_FRAME_TILES = 1;
const CHECKERBOARD = 'repeating-conic-gradient(#3a3a3a 0 25%, #2a2a2a 0 50%) 0 0 / 16px 16px';

const link = (href: string, text: string, attributes = '') =>
  `<a href="${escapeHtml(href)}"${attributes}>${escapeHtml(text)}</a>`;
const searchPath = (term: string) => `/search/${encodeURIComponent(term)}`;

/**
 * The site's frame (AppShell) around a page's main content, as a signed-out visitor sees it;
 * on a search page the box holds what was searched, as the site's own box does.
 */
export function siteFrame(main: string, searched = ''): string {
  return [
    '<a class="skip" href="#main">Skip to content</a>',
    '<header class="site-header">',
    '<a class="logo" aria-label="Jiffy home" href="/">Jiffy</a>',
    // Without the site's script the box searches through the address bar's way: /search?q=.
    '<form role="search" aria-label="Search Jiffy" class="search-box" action="/search">',
    `<input type="search" name="q" aria-label="Search GIFs" placeholder="Search all the GIFs and stickers" maxlength="50" value="${escapeHtml(searched)}">`,
    '<button type="submit" class="primary">Search</button></form>',
    `<nav aria-label="Sections">${SITE_SECTIONS.map(([href, text]) => link(href, text)).join('')}</nav>`,
    `<div class="account-corner">${VISITOR_ACCOUNT_LINKS.map(([href, text]) => link(href, text)).join('')}</div>`,
    '</header>',
    // tabindex=-1: the skip link moves focus into it, so the site's takeover can keep it there.
    `<main id="main" tabindex="-1">${main}</main>`,
    `<footer class="site-footer"><nav aria-label="About Jiffy">${SITE_FOOTER_LINKS.map(([href, text]) => link(href, text)).join('')}</nav></footer>`,
  ].join('');
}

/** One grid's first page, and what the kit's Grid shows under it. */
export interface GridMarkup {
  page: GifsResult;
  /** More pages follow (the grid's loader shows), or this page is all the grid shows. */
  more: boolean;
  noResultsMessage?: string;
}

/** Counts tiles across the page's grids, so only the page's first ones ask to come first. */
export class TileCounter {
  count = 0;
}

/** The kit's Grid with these GIFs laid out as its masonry (`.first-gifs` in styles.css). */
export function gridMarkup(grid: GridMarkup, counter: TileCounter): string {
  const gifs = grid.page.data;
  const { places, heights } = firstGifsLayout(gifs);
  const vars = COLUMN_COUNTS.map(
    (n) => `--h${n}:${round(heights[n]!.y)};--g${n}:${heights[n]!.k}`,
  ).join(';');
  const tiles = gifs.map((gif, i) => ({
    first: counter.count < FIRST_FRAME_TILES,
    markup: tileMarkup(gif, places[i]!, counter.count++),
  }));
  const inFirstFrame = tiles
    .filter((tile) => tile.first)
    .map((tile) => tile.markup)
    .join('');
  const later = tiles
    .filter((tile) => !tile.first)
    .map((tile) => tile.markup)
    .join('');
  const message = 'text-align:center;font:14px system-ui, sans-serif';
  const after =
    gifs.length === 0
      ? `<p class="jiffy-no-results" style="${message}">${escapeHtml(grid.noResultsMessage ?? 'No GIFs found.')}</p>`
      : grid.more
        ? loaderMarkup()
        : '';
  // The CSS container is the tiles' own box, and only when there are tiles: a container holds
  // the margins of what it holds, and the message's must collapse with the heading's above
  // (through the empty tile box) as they do in the site's grid.
  const box = gifs.length
    ? `<div class="first-gifs"><div class="first-gifs-tiles" style="${vars}">${inFirstFrame}${later && `<noscript>${later}</noscript>`}</div></div>`
    : '<div style="position:relative;height:0"></div>';
  return `<div class="gif-grid"><div class="jiffy-grid">${box}${after}</div></div>`;
}

function tileMarkup(
  gif: Gif,
  place: Record<number, { column: number; y: number; k: number }>,
  index: number,
): string {
  const vars = COLUMN_COUNTS.map((n) => {
    const p = place[n]!;
    return `--c${n}:${p.column};--y${n}:${round(p.y)};--k${n}:${p.k}`;
  }).join(';');
  const background = gif.is_sticker
    ? CHECKERBOARD
    : BRAND_COLORS[hash(gif.id) % BRAND_COLORS.length];
  const alt = escapeHtml(gifAltText(gif));
  // The kit's own choice of files (its Gif writes the same srcsets), so the site's tiles that
  // replace these ask for nothing the browser has not already fetched.
  const picture = tilePicture(gif, TILE_SIZES);
  // The first frame's images come first, and the browser reports when they are on screen
  // (Element Timing), which is when the page's boot loader starts the site.
  const fetching =
    index < FIRST_FRAME_TILES
      ? ` fetchpriority="high" elementtiming="${FIRST_GIF_TIMING}"`
      : ' loading="lazy" fetchpriority="low"';
  const size = gif.images.fixed_width ?? gif.images.original;
  const webp = picture?.webp ? `<source type="${WEBP_TYPE}"${srcsetAttributes(picture.webp)}>` : '';
  const img = picture
    ? `<img src="${escapeHtml(picture.img.src)}"${srcsetAttributes(picture.img)} alt="${alt}" width="${Number(size?.width) || 200}" height="${Number(size?.height) || 200}"${fetching}>`
    : '';
  return `<a class="jiffy-gif" data-gif-id="${escapeHtml(gif.id)}" href="${escapeHtml(gif.url)}" aria-label="${alt}" style="${vars};--r:${round(heightRatio(gif))};background:${background}"><picture>${webp}${img}</picture></a>`;
}

/** The kit's Loader: five coloured dots. */
function loaderMarkup(): string {
  const dots = LOADER_COLORS.map(
    (color) => `<span style="width:10px;height:10px;border-radius:5px;background:${color}"></span>`,
  ).join('');
  return `<div class="jiffy-loader" role="status" aria-label="Loading GIFs" style="display:flex;justify-content:center;align-items:center;gap:6px;padding:12px;flex:none">${dots}</div>`;
}

const srcsetAttributes = (sources: { srcSet: string; sizes: string }) =>
  ` srcset="${escapeHtml(sources.srcSet)}" sizes="${escapeHtml(sources.sizes)}"`;

/** The page's first image, for a `<link rel="preload">` in the head (WebP when there is one). */
export function preloadTag(gif: Gif | undefined): string {
  const picture = gif && tilePicture(gif, TILE_SIZES);
  if (!picture) return '';
  const chosen = picture.webp ?? picture.img;
  const type = picture.webp ? ` type="${WEBP_TYPE}"` : '';
  return `<link rel="preload" as="image"${type} imagesrcset="${escapeHtml(chosen.srcSet)}" imagesizes="${escapeHtml(chosen.sizes)}" fetchpriority="high">`;
}

/**
 * `/`: trending searches, the trending stickers row (when there are stickers), the trending GIFs
 * (HomePage.tsx).
 */
export function homeMarkup(content: {
  trendingSearches: string[];
  stickers: GifsResult;
  gifs: GifsResult;
}): string {
  const counter = new TileCounter();
  const searches = content.trendingSearches.length
    ? `<section aria-labelledby="trending-searches"><h2 id="trending-searches">Trending searches</h2><ul class="pills">${content.trendingSearches
        .slice(0, 12)
        .map((term) => `<li>${link(searchPath(term), term)}</li>`)
        .join('')}</ul></section>`
    : '';
  return siteFrame(
    [
      '<h1 class="visually-hidden">Jiffy: trending GIFs and stickers</h1>',
      searches,
      // A row with nothing to show is left out, as the site's GifRow leaves it out.
      content.stickers.data.length
        ? [
            '<section aria-labelledby="trending-stickers"><h2 id="trending-stickers"><a href="/stickers">Trending stickers</a></h2>',
            gridMarkup({ page: content.stickers, more: false }, counter),
            '</section>',
          ].join('')
        : '',
      '<section aria-labelledby="trending-gifs"><h2 id="trending-gifs"><a href="/trending-gifs">Trending GIFs</a></h2>',
      gridMarkup({ page: content.gifs, more: hasMore(content.gifs) }, counter),
      '</section>',
    ].join(''),
  );
}

/** `/trending-gifs`, `/gifs` or `/stickers`: the heading and what is trending (TrendingPage.tsx). */
export function trendingMarkup(content: { heading: string; trending: GifsResult }): string {
  return siteFrame(
    [
      `<h1>${escapeHtml(content.heading)}</h1>`,
      gridMarkup({ page: content.trending, more: hasMore(content.trending) }, new TileCounter()),
    ].join(''),
  );
}

/**
 * A GIF's or sticker's page, as far as its first screen: the title and the GIF itself, as large
 * as the page allows (GifPage.tsx, EditableTitle.tsx, GifMedia.tsx); its tags, actions and
 * related GIFs come with the site.
 */
export function gifPageMarkup(gif: Gif): string {
  const original = gif.images.original;
  const width = Number(original?.width ?? 480);
  const height = Number(original?.height ?? 270);
  const alt = escapeHtml(gifAltText(gif));
  const box = `class="gif-media" style="aspect-ratio:${width} / ${height}" width="${width}" height="${height}"`;
  const poster = gif.images.original_still?.url;
  const media =
    original?.mp4 && !gif.is_sticker
      ? `<video ${box} src="${escapeHtml(original.mp4)}"${poster ? ` poster="${escapeHtml(poster)}"` : ''} autoplay loop muted playsinline aria-label="${alt}"></video>`
      : `<picture>${original?.webp ? `<source type="${WEBP_TYPE}" srcset="${escapeHtml(original.webp)}">` : ''}<img ${box} src="${escapeHtml(original?.url ?? '')}" alt="${alt}" fetchpriority="high"></picture>`;
  return siteFrame(
    `<article class="gif-page"><div class="title-row"><h1>${escapeHtml(gif.title || 'Untitled GIF')}</h1></div><div class="gif-layout"><div>${media}</div></div></article>`,
  );
}

/** A GIF page's first image, for a `<link rel="preload">`: a clip's poster, or the sticker. */
export function gifPagePreloadTag(gif: Gif): string {
  const original = gif.images.original;
  const still = gif.images.original_still?.url;
  if (original?.mp4 && !gif.is_sticker)
    return still
      ? `<link rel="preload" as="image" href="${escapeHtml(still)}" fetchpriority="high">`
      : '';
  if (original?.webp)
    return `<link rel="preload" as="image" type="${WEBP_TYPE}" href="${escapeHtml(original.webp)}" fetchpriority="high">`;
  return original?.url
    ? `<link rel="preload" as="image" href="${escapeHtml(original.url)}" fetchpriority="high">`
    : '';
}

/**
 * `/search/:term`: the term, the GIFs/Stickers tabs, related searches, results (SearchPage.tsx);
 * with no results, no backdrop link (a backdrop of nothing) and searches to try instead.
 */
export function searchMarkup(content: {
  term: string;
  type: 'gifs' | 'stickers';
  relatedTags: string[];
  results: GifsResult;
  suggestions: SearchSuggestions | undefined;
}): string {
  const { term, type } = content;
  const base = searchPath(term);
  const current = (on: boolean) => (on ? ' aria-current="page"' : '');
  const related = content.relatedTags.length
    ? `<ul class="tags" aria-label="Related searches">${content.relatedTags
        .map((tag) => `<li>${link(searchPath(tag), `#${tag}`)}</li>`)
        .join('')}</ul>`
    : '';
  return siteFrame(
    [
      `<h1>${escapeHtml(term)}</h1>`,
      `<nav class="tabs" aria-label="Kind of result">${link(base, 'GIFs', current(type === 'gifs'))}${link(`${base}?type=stickers`, 'Stickers', current(type === 'stickers'))}</nav>`,
      // The backdrop links are a Labs experiment, on unless the visitor turned it off.
      content.results.data.length
        ? `<p>${link(`/backdrop/search/${encodeURIComponent(term)}`, 'Play as a backdrop')}</p>`
        : '',
      related,
      gridMarkup(
        {
          page: content.results,
          more: hasMore(content.results),
          noResultsMessage: `No ${type === 'gifs' ? 'GIFs' : 'stickers'} found for “${term}”.`,
        },
        new TileCounter(),
      ),
      content.results.data.length ? '' : suggestionsMarkup(content.suggestions),
    ].join(''),
    term,
  );
}

/**
 * A channel's page as a signed-out visitor sees it (ChannelPage.tsx, ChannelHeader.tsx,
 * ChannelPictures.tsx, ChannelTiles.tsx): its banner, title block and featured GIF, the backdrop
 * link, its channels as tiles, the search in it, its tabs, and the first page of the tab's feed.
 */
export function channelMarkup(content: {
  channel: ChannelObject;
  children: ChannelObject[];
  tag: string | undefined;
  feed: GifsResult;
}): string {
  const { channel, tag } = content;
  const tabs = channel.tags.length
    ? `<div class="channel-tabs" role="tablist" aria-label="Tags">${[
        undefined,
        ...channel.tags.map((t) => t.tag),
      ]
        .map(
          (t) =>
            `<button type="button" role="tab" aria-selected="${tag === t}">${escapeHtml(t ? `#${t}` : 'All')}</button>`,
        )
        .join('')}</div>`
    : '';
  const search = `Search ${channel.display_name}`;
  return siteFrame(
    [
      channelHeaderMarkup(channel),
      channel.is_visible
        ? `<p>${link(`/backdrop/channel/${channel.id}`, 'Play as a backdrop')}</p>`
        : '',
      channelTilesMarkup(content.children),
      `<form class="channel-search" role="search" aria-label="Channel search"><input type="search" aria-label="${escapeHtml(search)}" placeholder="${escapeHtml(search)}" value=""><button type="submit">Search</button></form>`,
      tabs,
      gridMarkup(
        { page: content.feed, more: hasMore(content.feed), noResultsMessage: 'No GIFs here yet.' },
        new TileCounter(),
      ),
    ].join(''),
  );
}

/** ChannelHeader.tsx in ChannelPictures.tsx: a user's own channel is about them. */
function channelHeaderMarkup(channel: ChannelObject): string {
  const { user } = channel;
  const hidden = channel.is_visible ? '' : '<span class="badge">Hidden</span>';
  const title = channel.is_root
    ? [
        user.avatar_url
          ? `<img src="${escapeHtml(user.avatar_url)}" alt="" width="80" height="80">`
          : '',
        `<div><h1>${escapeHtml(user.display_name || user.username)}${user.is_verified ? '<span class="verified" role="img" aria-label="verified">✓</span>' : ''}</h1>`,
        `<p>@${escapeHtml(user.username)}</p>`,
        user.description ? `<p>${escapeHtml(user.description)}</p>` : '',
        '</div>',
      ].join('')
    : [
        `<div><nav aria-label="Breadcrumbs" class="breadcrumbs">${channel.ancestors
          .map((a) => `<span>${link(`/${a.path}`, a.display_name)} › </span>`)
          .join('')}</nav>`,
        `<h1>${escapeHtml(channel.display_name)}${hidden}</h1>`,
        channel.description ? `<p>${escapeHtml(channel.description)}</p>` : '',
        '</div>',
      ].join('');
  const featured = channel.featured_gif;
  const picture = featured?.images.fixed_height?.url ?? featured?.images.original?.url;
  const figure =
    featured && picture
      ? `<figure class="channel-featured" aria-labelledby="channel-featured"><a href="/gifs/${escapeHtml(featured.slug)}"><img src="${escapeHtml(picture)}" alt="${escapeHtml(gifAltText(featured))}" height="120"></a><figcaption id="channel-featured">Featured GIF</figcaption></figure>`
      : '';
  const banner = channel.banner_image
    ? `<img class="channel-banner" src="${escapeHtml(channel.banner_image)}" alt="">`
    : '';
  return `${banner}<header class="channel-header">${title}${figure}</header>`;
}

/** ChannelTiles.tsx: each channel's featured GIF and name, linking to its page. */
function channelTilesMarkup(channels: ChannelObject[]): string {
  if (channels.length === 0) return '';
  const tiles = channels.map((channel) => {
    const still = channel.featured_gif?.images.fixed_width?.url;
    const image =
      channel.featured_gif && still
        ? `<img src="${escapeHtml(still)}" alt="${escapeHtml(gifAltText(channel.featured_gif))}">`
        : '';
    const hidden = channel.is_visible ? '' : '<span class="badge">Hidden</span>';
    return `<li><a href="/${escapeHtml(channel.path)}">${image}<span>${escapeHtml(channel.display_name)}</span>${hidden}</a></li>`;
  });
  return `<ul class="channel-tiles" aria-label="Channels">${tiles.join('')}</ul>`;
}

/** SearchSuggestions.tsx: near spellings, popular searches, and uploading one. */
function suggestionsMarkup(suggestions: SearchSuggestions | undefined): string {
  if (!suggestions) return '';
  const list = (id: string, heading: string, terms: string[]) =>
    terms.length
      ? `<h3 id="${id}">${heading}</h3><ul class="pills" aria-labelledby="${id}">${terms
          .map((term) => `<li>${link(searchPath(term), term)}</li>`)
          .join('')}</ul>`
      : '';
  return [
    '<section class="search-suggestions" aria-labelledby="search-suggestions">',
    '<h2 id="search-suggestions">Try another search</h2>',
    list('similar-searches', 'Did you mean', suggestions.similar),
    list('popular-searches', 'Popular searches', suggestions.popular),
    `<p>Have one? ${link('/upload', 'Upload it')} so others find it too.</p>`,
    '</section>',
  ].join('');
}

const hasMore = (page: GifsResult) =>
  page.data.length > 0 &&
  page.pagination.offset + page.pagination.count < page.pagination.total_count;

const round = (n: number) => Math.round(n * 10000) / 10000;

/** A stable small number from an id (a tile's colour: the same GIF, the same colour). */
function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}
