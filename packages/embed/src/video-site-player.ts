import { VIMEO_ORIGIN } from './video-site-origins.ts';

/** vimeo's oEmbed endpoint (a GET with the video's url and optional params). */
export const VIMEO_OEMBED = 'https://vimeo.com/api/oembed.json';

/** A vimeo video id or a vimeo.com URL, as the wrapper accepts them; TypeError otherwise. */
export function vimeoUrl(idOrUrl: unknown): string {
  if (typeof idOrUrl === 'number' || (typeof idOrUrl === 'string' && /^\d{1,12}$/.test(idOrUrl))) {
    if (!/^\d{1,12}$/.test(String(idOrUrl)))
      throw new TypeError(`“${String(idOrUrl)}” is not a valid video id.`);
    return `https://vimeo.com/${String(idOrUrl)}`;
  }
  if (typeof idOrUrl !== 'string' || !URL.canParse(idOrUrl)) {
    throw new TypeError(`“${String(idOrUrl)}” is not a valid video id.`);
  }
  const url = new URL(idOrUrl);
  if (url.protocol !== 'https:' || !/(^|\.)vimeo\.com$/.test(url.hostname)) {
    throw new TypeError(`“${idOrUrl}” is not a vimeo.com url.`);
  }
  return url.href;
}

/**
 * The embed code of a vimeo video from vimeo's oEmbed. Failures are errors with these
 * messages: 404 'was not found', 403 'is not embeddable', anything else 'There was an error
 * fetching the embed code'.
 */
export async function fetchVimeoOembed(
  idOrUrl: unknown,
  params: Record<string, string | number | boolean> = {},
  fetchImpl: typeof fetch = fetch,
): Promise<{ html: string; width: number; height: number }> {
  const url = vimeoUrl(idOrUrl);
  const query = new URLSearchParams({ url });
  for (const [key, value] of Object.entries(params)) query.set(key, String(value));
  let response: Response;
  try {
    response = await fetchImpl(`${VIMEO_OEMBED}?${query}`);
  } catch {
    throw new Error('There was an error fetching the embed code from Vimeo.');
  }
  if (response.status === 404) throw new Error(`“${url}” was not found.`);
  if (response.status === 403) throw new Error(`“${url}” is not embeddable.`);
  if (!response.ok) throw new Error('There was an error fetching the embed code from Vimeo.');
  return (await response.json()) as { html: string; width: number; height: number };
}

type Callback = (data: unknown) => void;

/**
 * A small wrapper over a vimeo player iframe's postMessage API: `on(event, callback)` and
 * `set(name, value)`, with TypeErrors for an invalid element or callback, a missing event
 * name or a missing value.
 */
export class VimeoPlayer {
  readonly #frame: HTMLIFrameElement;
  readonly #listeners = new Map<string, Callback[]>();
  readonly #onMessage = (event: MessageEvent) => {
    if (event.origin !== VIMEO_ORIGIN || event.source !== this.#frame.contentWindow) return;
    let data: { event?: string; data?: unknown };
    try {
      data = (typeof event.data === 'string' ? JSON.parse(event.data) : event.data) as typeof data;
    } catch {
      return;
    }
    if (data.event === 'ready') {
      for (const name of this.#listeners.keys()) this.#post('addEventListener', name);
    }
    for (const callback of this.#listeners.get(data.event ?? '') ?? []) callback(data.data);
  };

  constructor(element: unknown) {
    if (typeof HTMLIFrameElement === 'undefined' || !(element instanceof HTMLIFrameElement)) {
      throw new TypeError('You must pass either a valid element or a valid id.');
    }
    this.#frame = element;
    window.addEventListener('message', this.#onMessage);
  }

  on(eventName: unknown, callback: unknown): void {
    if (typeof eventName !== 'string' || eventName === '') {
      throw new TypeError('You must pass an event name.');
    }
    if (typeof callback !== 'function') throw new TypeError('The callback must be a function.');
    const list = this.#listeners.get(eventName) ?? [];
    list.push(callback as Callback);
    this.#listeners.set(eventName, list);
    if (eventName !== 'ready') this.#post('addEventListener', eventName);
  }

  set(name: unknown, value?: unknown): void {
    if (typeof name !== 'string' || name === '')
      throw new TypeError('You must pass a name to set.');
    if (value === undefined || value === null) throw new TypeError('There must be a value to set.');
    this.#post(`set${name[0]!.toUpperCase()}${name.slice(1)}`, value);
  }

  destroy(): void {
    window.removeEventListener('message', this.#onMessage);
    this.#listeners.clear();
  }

  #post(method: string, value: unknown): void {
    this.#frame.contentWindow?.postMessage(JSON.stringify({ method, value }), VIMEO_ORIGIN);
  }
}
