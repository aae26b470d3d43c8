import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Method } from './route-list.ts';

/** 'echo' copies the CSRF cookie into the header, 'omit' sends none, anything else is sent as is. */
export type CsrfMode = string;

/**
 * A browser-like client for the site API over `app.inject`: keeps cookies and echoes the CSRF
 * cookie in `x-csrf-token`, as the web app does (unless told not to).
 */
export class SiteClient {
  readonly #app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  constructor(app: FastifyInstance) {
    this.#app = app;
  }

  async request(options: {
    method?: Method;
    url: string;
    body?: object;
    /** A multipart body (from `multipart()` in fixtures), sent instead of `body`. */
    form?: { payload: Buffer; headers: Record<string, string> };
    csrf?: CsrfMode;
  }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.form?.headers };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = options.csrf ?? 'echo';
    if (csrf === 'echo' && this.cookies.has('jiffy_csrf'))
      headers['x-csrf-token'] = this.cookies.get('jiffy_csrf')!;
    else if (csrf !== 'echo' && csrf !== 'omit') headers['x-csrf-token'] = csrf;
    const response = await this.#app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers,
      ...(options.form ? { payload: options.form.payload } : {}),
      ...(options.body ? { payload: options.body } : {}),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string) => this.request({ url });
  post = (url: string, body: object = {}, csrf?: CsrfMode) =>
    this.request({ method: 'POST', url, body, ...(csrf ? { csrf } : {}) });
}

/** The messages in a data folder's outbox, oldest first. */
export async function readOutbox(
  dataDir: string,
): Promise<{ to: string; subject: string; text: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as never),
  );
}
