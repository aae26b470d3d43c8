import type {
  Category,
  Channel,
  Envelope,
  Gif,
  Rating,
  RelatedTag,
  TagSuggestion,
} from '@jiffy/contracts';
import { requestJson, type QueryValue, type RequestOptions } from './request.ts';

export const SDK_VERSION = '0.1.0';
/** The kit's requests and pingbacks name themselves as GIPHY's JS SDK does. */
export const SDK_NAME = 'JavascriptSDK';

export type MediaType = 'gifs' | 'stickers' | 'videos';

/** Paging and filters every list call takes (GIPHY's names). */
export interface ListOptions {
  offset?: number;
  limit?: number;
  rating?: Rating;
  type?: MediaType;
  /** Analytics: the SDK's random id for this user. */
  random_id?: string;
  bundle?: string;
  fields?: string;
  signal?: AbortSignal;
}

export interface SearchOptions extends ListOptions {
  sort?: 'relevant' | 'recent';
  lang?: string;
}

export interface ClientOptions {
  /** Origin of the Jiffy server; defaults to the page's own origin. */
  serverUrl?: string;
  /** SDK-name header value: `JavascriptSDK` unless told (GIPHY's JS SDK's name). */
  sdkName?: string;
  sdkVersion?: string;
  fetch?: typeof globalThis.fetch;
}

export type GifsResult = Required<Envelope<Gif[]>>;
export type GifResult = Envelope<Gif>;

/** A typed client for Jiffy's GIPHY-compatible public API. */
export class JiffyFetch {
  readonly #options: RequestOptions;

  constructor(apiKey: string, options: ClientOptions = {}) {
    this.#options = {
      apiKey,
      serverUrl: options.serverUrl ?? '',
      sdkName: options.sdkName ?? SDK_NAME,
      sdkVersion: options.sdkVersion ?? SDK_VERSION,
      // Bound so a bare `fetch` keeps its `this` in browsers.
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    };
  }

  get serverUrl(): string {
    return this.#options.serverUrl;
  }

  search(term: string, options: SearchOptions = {}): Promise<GifsResult> {
    const { type = 'gifs', signal, ...query } = options;
    return this.#list(`/v1/${type}/search`, { q: term, ...query }, signal);
  }

  trending(options: ListOptions = {}): Promise<GifsResult> {
    const { type = 'gifs', signal, ...query } = options;
    return this.#list(`/v1/${type}/trending`, query, signal);
  }

  related(id: string, options: ListOptions = {}): Promise<GifsResult> {
    const { type = 'gifs', signal, ...query } = options;
    const path = type === 'videos' ? '/v1/videos/related' : '/v1/gifs/related';
    return this.#list(path, { gif_id: id, ...query }, signal);
  }

  /** Every GIF of one category (or `category/subcategory`). */
  category(name: string, options: ListOptions = {}): Promise<Envelope<Category[]>> {
    const { signal, ...query } = options;
    const path = name.split('/').map(encodeURIComponent).join('/');
    return this.#get(`/v1/gifs/categories/${path}`, query, signal);
  }

  gif(id: string, options: { signal?: AbortSignal } = {}): Promise<GifResult> {
    return this.#get(`/v1/gifs/${encodeURIComponent(id)}`, {}, options.signal);
  }

  /** Several GIFs by id, in the order asked; unknown ids are left out. */
  gifs(ids: string[], options: { signal?: AbortSignal } = {}): Promise<GifsResult> {
    return this.#list('/v1/gifs', { ids: ids.join(',') }, options.signal);
  }

  random(options: { tag?: string; type?: 'gifs' | 'stickers'; rating?: Rating } = {}) {
    const { type = 'gifs', ...query } = options;
    return this.#get<Envelope<Gif>>(`/v1/${type}/random`, query);
  }

  categories(options: { signal?: AbortSignal } = {}): Promise<Envelope<Category[]>> {
    return this.#get('/v1/gifs/categories', {}, options.signal);
  }

  subcategories(category: string): Promise<Envelope<Category[]>> {
    return this.category(category);
  }

  /** Tag autocomplete for a search box. */
  autocomplete(term: string, options: { limit?: number; signal?: AbortSignal } = {}) {
    return this.#get<Envelope<TagSuggestion[]>>(
      '/v1/gifs/search/tags',
      { q: term, limit: options.limit },
      options.signal,
    );
  }

  relatedTags(tag: string, options: { limit?: number } = {}) {
    return this.#get<Envelope<RelatedTag[]>>(`/v1/tags/related/${encodeURIComponent(tag)}`, {
      limit: options.limit,
    });
  }

  trendingSearches(): Promise<Envelope<string[]>> {
    return this.#get('/v1/trending/searches', {});
  }

  channels(term: string, options: { offset?: number; limit?: number } = {}) {
    return this.#get<Required<Envelope<Channel[]>>>('/v1/channels/search', {
      q: term,
      ...options,
    });
  }

  #list(path: string, query: Record<string, QueryValue>, signal?: AbortSignal) {
    return this.#get<GifsResult>(path, query, signal);
  }

  #get<T>(path: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
    return requestJson<T>(this.#options, path, query, signal ? { signal } : {});
  }
}
