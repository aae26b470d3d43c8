/** Feeds page in 25s unless the request says otherwise. */
export const DEFAULT_PAGE_SIZE = 25;

const STICKERS = '/create/gifmaker/decorate/stickers';

/**
 * Virtual page views: the page URL a feed request counts as, so paging through results
 * reports like visiting pages. `/v1/gifs/search?q=cats&offset=25` → `/search/cats/2`; related
 * GIFs → `/gifs/{id}/related/{page}`; a channel's feed (`q=@name`) → `/channels/{name}/page/{n}`
 * and its search (`q=@name words`) → `/channel/{name}/search/{words}/page/{n}`; sticker search
 * and trending → under `/create/gifmaker/decorate/stickers/`. Anything else logs a warning and
 * gives null.
 */
export function virtualPageUrl(requestUrl: string): string | null {
  const url = URL.canParse(requestUrl) ? new URL(requestUrl) : null;
  const rewritten = url ? rewrite(url) : null;
  if (!rewritten) console.warn(`Jiffy analytics: no page view for ${requestUrl}`);
  return rewritten;
}

function rewrite(url: URL): string | null {
  const q = url.searchParams;
  const limit = positive(q.get('limit')) ?? DEFAULT_PAGE_SIZE;
  const page = Math.floor((positive(q.get('offset')) ?? 0) / limit) + 1;
  const term = (q.get('q') ?? '').trim();
  const words = (value: string) => encodeURIComponent(value);
  switch (url.pathname.replace(/\/$/, '')) {
    case '/v1/gifs/search': {
      // `@username` or `@username/slug/…` (a sub-channel): the channel's path, as its page has it.
      const channel = /^@([A-Za-z0-9_]+(?:\/[A-Za-z0-9-]+)*)(?:\s+(.+))?$/.exec(term);
      if (channel)
        return channel[2]
          ? `/channel/${channel[1]}/search/${words(channel[2])}/page/${page}`
          : `/channels/${channel[1]}/page/${page}`;
      return term ? `/search/${words(term)}/${page}` : null;
    }
    case '/v1/stickers/search':
      return term ? `${STICKERS}/search/${words(term)}/${page}` : null;
    case '/v1/stickers/trending':
      return `${STICKERS}/trending/${page}`;
    case '/v1/gifs/related': {
      const id = q.get('gif_id');
      return id && /^[A-Za-z0-9]+$/.test(id) ? `/gifs/${id}/related/${page}` : null;
    }
    default:
      return null;
  }
}

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
}
