import { channelPathParts } from '@jiffy/contracts/channel-path';
import { FIRST_PAGE_META } from '@jiffy/web/first-page-data';
import { MISSING_PAGE_META } from '@jiffy/web/missing-page';
import { pageTypeFor } from '@jiffy/web/page-type';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  categoryPageName,
  channelPageName,
  gifPageName,
  pageTitle,
  searchPageName,
  trendingPageName,
} from '@jiffy/contracts/page-titles';
import { SITE_NAME } from '../embed/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { ensureCsrfCookie, type Actor } from '../accounts/index.ts';
import type { ChannelService } from '../channels/index.ts';
import type { GifReadService } from '../gifs/index.ts';
import { escapeHtml } from '../../platform/lib/html.ts';
import { mediaSources } from '../../platform/lib/media-sources.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { ANONYMOUS } from '../../platform/http/route-policy.ts';
import { pageUnfurlTags, unfurlTags, type PagePreview } from '../unfurl/index.ts';
import { searchVisitor } from '../public-api/index.ts';
import type { ProfileService } from '../profiles/index.ts';
import { storySlug, type StoryService } from '../stories/index.ts';
import {
  channelMarkup,
  gifPageMarkup,
  gifPagePreloadTag,
  homeMarkup,
  preloadTag,
  searchMarkup,
  trendingMarkup,
} from './first-gifs/first-gifs-markup.ts';
import type { FirstGifsService } from './first-gifs/first-gifs.service.ts';
import { loadSiteBuild, siteHead } from './site-shell.ts';
import { serveBuiltAssets } from '../../platform/http/static-assets.ts';

/** The id at the end of a GIF page's path segment: `happy-dance-<id>`, or just `<id>`. */
const SLUG_ID = /^(?:.*-)?([A-Za-z0-9]{1,64})$/;
/** Paths that are never site pages: a miss there stays a JSON 404. */
const NOT_SITE =
  /^\/(v1|v2|api|ajax|imaging|media|embed|embed-assets|oembed|widgets-assets|assets|login\/check)(\/|$)/;
/** A channel page's tab: `?tag=moon` (the site shows All for a tag that is none of the channel's). */
const channelPageQuery = z.looseObject({
  tag: z.string().max(64).optional().catch(undefined),
});
/**
 * Whether a request asks for JSON rather than a page: an `Accept` naming JSON and not HTML. What
 * link unfurlers, curl and Node's fetch send (`*\/*`, `text/html`, or nothing) gets the page.
 */
function asksForJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return /\bjson\b/i.test(accept) && !/text\/html/i.test(accept);
}

/** `/search/:term`'s tab: `?type=stickers`, else GIFs (as the site reads it). */
const searchPageQuery = z.looseObject({
  type: z.enum(['gifs', 'stickers']).catch('gifs'),
});

/** A path's segments as the site's router reads them (decoded, empty ones left out). */
function segmentsOf(path: string): string[] | undefined {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** The `<head>` tag that tells the site nothing is at `path` (apps/web missing-page.ts). */
const missingTag = (path: string) =>
  `<meta name="${MISSING_PAGE_META}" content="${escapeHtml(path)}">`;

/**
 * The term of a `/search/<term>` path, decoded as the site's router decodes it; undefined when
 * the path is no search page of the site (a further segment, or an encoding that is no text).
 */
export function searchTermOfPath(url: string): string | undefined {
  const raw = /^\/search\/([^/?#]*)(?:[?#]|$)/.exec(url)?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export interface SitePages {
  /** Answers a GET that matched no route with the site, when it is a site page; else false. */
  fallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * The React site: `/` and every page's path answer with the built page (the app routes in the
 * browser); `/gifs/:slug-:id` with its unfurl tags in the server's HTML; `/assets/*` the build's
 * files (content-hashed names, cached for a year; brotli or gzip as built, see
 * serveBuiltAssets). A path whose first segment is no channel
 * answers 404 with the same page, which shows the site's 404.
 */
export function webAppRoutes(
  app: FastifyInstance,
  deps: {
    reads: GifReadService;
    firstGifs: FirstGifsService;
    profiles: ProfileService;
    channels: ChannelService;
    stories: StoryService;
    /** The signed-in user of the request's session, or null: who a channel page is for. */
    viewer: (request: FastifyRequest) => Promise<Actor | null>;
    publicUrl: string;
    mediaBaseUrl: string;
    apiKey: string;
  },
): SitePages {
  const build = loadSiteBuild();
  const media = mediaSources(deps);
  // The GIF maker plays its trimmed clip from a blob: URL and reads stickers' bytes (to decode
  // their frames onto its canvas) from wherever media is served; the upload page previews the
  // files a creator chose, before sending them, from blob: URLs.
  const policy = `default-src 'none'; script-src ${build.scriptSources}; style-src 'self' 'unsafe-inline'; img-src 'self' ${media} data: blob:; media-src 'self' ${media} blob:; connect-src 'self' ${media}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;
  // `no-cache`: revalidated on every visit. The first GIFs a page carries are the same for
  // every visitor (the site's default rating, the signed-out header), so nothing in it is
  // anyone's own; it is kept out of shared caches all the same by the cookie it may set.
  const send = (
    reply: FastifyReply,
    status: number,
    title: string,
    extra?: string,
    rootMarkup?: string,
  ) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('cache-control', 'no-cache')
      .send(build.page(siteHead({ title, apiKey: deps.apiKey, extra }), rootMarkup));
  /**
   * The `<head>` tags of a page the server wrote first GIFs into: the first image's preload,
   * and the page view whose data the site asks for once they are painted (`GET
   * /ajax/first-page/{view}`, apps/web first-page-fetch.ts). The data is not in the page: 138
   * KB of JSON there held the first paint back (bench/web).
   */
  const firstGifsHead = (request: FastifyRequest, preload: string) =>
    deps.firstGifs.keeps(request.id)
      ? `${preload}\n<meta name="${FIRST_PAGE_META}" content="${request.id}">`
      : preload;
  /** The view the service keeps the first page's data of, until the site asks for it. */
  const pageView = (request: FastifyRequest) => ({ responseId: request.id, path: request.url });
  /** The page without its first GIFs when they cannot be had: the site fetches them itself. */
  const withoutFirstGifs = (request: FastifyRequest, error: unknown) => {
    request.log.warn({ err: error }, 'could not write the first GIFs into the page');
    return undefined;
  };

  /** A page's link preview tags (channels, profiles, stories, searches). */
  const unfurl = (page: PagePreview) =>
    pageUnfurlTags(page, { publicUrl: deps.publicUrl, siteName: SITE_NAME });

  /**
   * A page's first-GIF markup and image preload, written once per kept answer: the answers
   * (and the trending searches and related tags) are the same objects while the server keeps
   * them (first-gifs.service.ts), so a page view only joins text (bench/web: the HTML is on the
   * first GIF's path, and the bare page's costs nothing).
   */
  const markups = new WeakMap<object, { parts: unknown[]; markup: string; preload: string }>();
  const keptMarkup = (
    anchor: object,
    parts: unknown[],
    make: () => { markup: string; preload: string },
  ) => {
    const kept = markups.get(anchor);
    if (kept && kept.parts.every((part, i) => part === parts[i])) return kept;
    const made = { parts, ...make() };
    markups.set(anchor, made);
    return made;
  };

  app.get('/', ANONYMOUS, async (request, reply) => {
    const title = pageTitle();
    const content = await deps.firstGifs
      .home(pageView(request))
      .catch((error: unknown) => withoutFirstGifs(request, error));
    if (!content) return send(reply, 200, title);
    const { markup, preload } = keptMarkup(
      content.gifs.page,
      [content.trendingSearches, content.stickers.page],
      () => ({
        markup: homeMarkup({
          trendingSearches: content.trendingSearches,
          stickers: content.stickers.page,
          gifs: content.gifs.page,
        }),
        preload: preloadTag(content.stickers.page.data[0] ?? content.gifs.page.data[0]),
      }),
    );
    return send(reply, 200, title, firstGifsHead(request, preload), markup);
  });

  // What is trending, as the site's TrendingPage shows it: `/gifs` is GIPHY's other name for it.
  for (const [path, type] of [
    ['/trending-gifs', 'gifs'],
    ['/gifs', 'gifs'],
    ['/stickers', 'stickers'],
  ] as const) {
    app.get(path, ANONYMOUS, async (request, reply) => {
      const heading = trendingPageName(type);
      const content = await deps.firstGifs
        .trending(type, pageView(request))
        .catch((error: unknown) => withoutFirstGifs(request, error));
      if (!content) return send(reply, 200, pageTitle(heading));
      const { markup, preload } = keptMarkup(content.trending.page, [heading], () => ({
        markup: trendingMarkup({ heading, trending: content.trending.page }),
        preload: preloadTag(content.trending.page.data[0]),
      }));
      return send(reply, 200, pageTitle(heading), firstGifsHead(request, preload), markup);
    });
  }

  // A wildcard, not `:term`: the router answers 414 for a parameter over 100 characters, where
  // any other site path gets the site; the term is read from the path as the site reads it.
  // The signed-in visitor counts as one person in trending searches.
  const searchPage = { config: { auth: 'optional-session' } } as const;
  app.get('/search/*', searchPage, async (request, reply) => {
    const term = searchTermOfPath(request.url);
    if (term === undefined) return send(reply, 200, pageTitle('Search GIFs and stickers'));
    const { type } = parseInput(searchPageQuery, request.query);
    const title = pageTitle(searchPageName(term, type));
    const visitor = searchVisitor(request);
    const content = await deps.firstGifs
      .search(term, type, pageView(request), visitor)
      .catch((error: unknown) => withoutFirstGifs(request, error));
    const name = searchPageName(term, type);
    const preview = unfurl({
      path: request.url,
      title: name,
      description: `${name} on ${SITE_NAME}`,
      gif: content?.results.page.data[0],
    });
    if (!content) return send(reply, 200, title, preview);
    const { markup, preload } = keptMarkup(
      content.results.page,
      [term, type, content.relatedTags, content.suggestions],
      () => ({
        markup: searchMarkup({
          term,
          type,
          relatedTags: content.relatedTags.map((tag) => tag.name),
          results: content.results.page,
          suggestions: content.suggestions,
        }),
        preload: preloadTag(content.results.page.data[0]),
      }),
    );
    return send(reply, 200, title, `${preview}\n${firstGifsHead(request, preload)}`, markup);
  });

  // GIPHY's address for a tag's page; here a tag's page is its search, where the site's tags
  // link, so links written for GIPHY (and pasted into chats) land on it.
  app.get('/explore/*', ANONYMOUS, async (request, reply) => {
    const segments = segmentsOf(request.url.split('?')[0]!);
    if (segments?.length !== 2) {
      const path = request.url.split('?')[0]!;
      return send(reply, 404, pageTitle('Page not found'), missingTag(path));
    }
    return reply.redirect(`/search/${encodeURIComponent(segments[1]!)}`, 301);
  });

  // A wildcard, as the search page's: a pasted address with an overlong slug is the 404 page,
  // not the router's JSON 414.
  app.get('/gifs/*', ANONYMOUS, async (request, reply) => {
    const segments = segmentsOf(request.url.split('?')[0]!);
    const id = segments?.length === 2 ? SLUG_ID.exec(segments[1]!)?.[1] : undefined;
    const gif = id
      ? await deps.reads.getReady(id, request.id).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return undefined;
          throw error;
        })
      : undefined;
    if (!gif) {
      const path = request.url.split('?')[0]!;
      return send(reply, 404, pageTitle('GIF not found'), missingTag(path));
    }
    const tags = unfurlTags(gif, { publicUrl: deps.publicUrl, siteName: SITE_NAME });
    // Its first screen (the title and the GIF) is in the page; the site starts from the GIF
    // the page view keeps, without asking for it again.
    deps.firstGifs.gifPage(gif, pageView(request));
    const head = `${tags}\n${firstGifsHead(request, gifPagePreloadTag(gif))}`;
    return send(reply, 200, pageTitle(gifPageName(gif)), head, gifPageMarkup(gif));
  });

  serveBuiltAssets(app, { root: build.assetsDir, prefix: '/assets/' });

  /**
   * Whether a path that is none of the site's own pages, and so a channel's, shows one to this
   * visitor, as the channels API would answer the site's lookup: `nothing` when it would not
   * (a path no channel can have, no user of that name, no channel there or one hidden from
   * them). A profile that is not public is a 404 page too, but `hidden`: the site asks, and its
   * owner still sees their channel.
   */
  async function channelPageFound(
    request: FastifyRequest,
    path: string,
  ): Promise<'found' | 'nothing' | 'hidden'> {
    if (pageTypeFor(path) !== 'channel page') return 'found';
    const segments = segmentsOf(path);
    const parts = segments && channelPathParts(segments);
    if (!parts) return 'nothing';
    if (parts.length === 1) {
      const visibility = await deps.profiles.profileVisibility(parts[0]);
      return visibility === 'public' ? 'found' : visibility === 'none' ? 'nothing' : 'hidden';
    }
    const shown = await deps.channels.isShownAt(await deps.viewer(request), parts);
    return shown ? 'found' : 'nothing';
  }

  /**
   * A channel's page with its first screen written, for a signed-out visitor (whose page is the
   * same for everyone; the owner and staff also see what the site's manager shows); false when
   * it is not written: another visitor, no channel page, or the channel could not be read.
   */
  async function sendChannelFirstScreen(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ): Promise<boolean> {
    if (pageTypeFor(path) !== 'channel page') return false;
    const segments = segmentsOf(path);
    const parts = segments && channelPathParts(segments);
    if (!parts || (await deps.viewer(request))) return false;
    const { tag } = parseInput(channelPageQuery, request.query);
    const content = await deps.firstGifs
      .channel({ parts, tag }, pageView(request))
      .catch((error: unknown) => withoutFirstGifs(request, error));
    if (!content) return false;
    const { channel } = content;
    const name = channelPageName(channel);
    const preview = unfurl({
      path: `/${channel.path}`,
      title: name,
      description:
        channel.description ||
        (channel.is_root && channel.user.description) ||
        (channel.is_root
          ? `GIFs by @${channel.user.username} on ${SITE_NAME}`
          : `GIFs in ${name} on ${SITE_NAME}`),
      gif: channel.featured_gif ?? content.feed.data[0],
      imageUrl: channel.is_root ? channel.user.avatar_url : undefined,
    });
    const head = `${preview}\n${firstGifsHead(request, preloadTag(content.feed.data[0]))}`;
    await send(reply, 200, pageTitle(name), head, channelMarkup(content));
    return true;
  }

  /**
   * A story's page, titled and described as a link preview shows it, or the 404 page when the
   * visitor may read no story by that address; the site draws the story.
   */
  async function sendStoryPage(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    slug: string,
  ): Promise<true> {
    // A slug no story can have is no story, without asking the database.
    const valid = storySlug.safeParse(slug);
    const read =
      valid.success &&
      (await deps.stories
        .getBySlug(await deps.viewer(request), valid.data, 'COVER_ONLY')
        .catch((error: unknown) => {
          if (error instanceof AppError && error.status < 500) return undefined;
          throw error;
        }));
    if (!read) {
      await send(reply, 404, pageTitle('Story not found'), missingTag(path));
      return true;
    }
    const { story, author, cover } = read;
    const preview = unfurl({
      path: `/stories/${story.slug}`,
      title: story.title,
      description:
        story.description || `A story${author ? ` by @${author.username}` : ''} on ${SITE_NAME}`,
      gif: cover ?? undefined,
    });
    await send(reply, 200, pageTitle(story.title), preview);
    return true;
  }

  /**
   * A category's page (`/categories/<tag>`, `/categories/<tag>/<subtag>`), titled and
   * pictured for a link preview by the GIF that heads its grid; the site draws the page. A
   * category is a tag, so any tag has its page, as GIPHY's do.
   */
  async function sendCategoryPage(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    tag: string,
  ): Promise<true> {
    const name = categoryPageName(tag);
    const leader = await deps.firstGifs
      .searchLeader(tag, searchVisitor(request))
      .catch((error: unknown) => withoutFirstGifs(request, error));
    const preview = unfurl({
      path,
      title: name,
      description: `${name} on ${SITE_NAME}`,
      gif: leader,
    });
    await send(reply, 200, pageTitle(name), preview);
    return true;
  }

  return {
    async fallback(request, reply) {
      const path = request.url.split('?')[0] ?? '/';
      if (request.method !== 'GET' || NOT_SITE.test(path)) return false;
      if (asksForJson(request.headers.accept)) return false;
      ensureCsrfCookie(request, reply);
      const segments = segmentsOf(path);
      if (segments?.length === 2 && segments[0] === 'stories')
        return sendStoryPage(request, reply, path, segments[1]!);
      if (segments && segments[0] === 'categories' && segments.length > 1) {
        if (segments.length <= 3) return sendCategoryPage(request, reply, path, segments.at(-1)!);
        await send(reply, 404, pageTitle('Page not found'), missingTag(path));
        return true;
      }
      const found = await channelPageFound(request, path);
      if (found === 'found') {
        if (!(await sendChannelFirstScreen(request, reply, path)))
          await send(reply, 200, SITE_NAME);
      } else {
        const tag = found === 'nothing' ? missingTag(path) : undefined;
        await send(reply, 404, pageTitle('Page not found'), tag);
      }
      return true;
    },
  };
}
