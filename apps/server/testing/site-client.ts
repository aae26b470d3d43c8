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
  readonly #remoteAddress: string | undefined;
  /** `remoteAddress`: the address this client calls from (Fastify's inject default otherwise). */
  constructor(app: FastifyInstance, options: { remoteAddress?: string } = {}) {
    this.#app = app;
    this.#remoteAddress = options.remoteAddress;
  }

  async request(options: {
    method?: Method;
    url: string;
    body?: object;
    /** A body already encoded (multipart from `multipart()` in fixtures, or JSON), not `body`. */
    form?: { payload: Buffer; headers: Record<string, string> };
    csrf?: CsrfMode;
    /**
     * The body as a stream (`response.stream()`) rather than decoded into `body`: for callers
     * that read few of many answers, some of them megabytes.
     */
    payloadAsStream?: boolean;
    /** More request headers (`accept`, say). */
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers, ...options.form?.headers };
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
      ...(this.#remoteAddress ? { remoteAddress: this.#remoteAddress } : {}),
      ...(options.form ? { payload: options.form.payload } : {}),
      ...(options.body ? { payload: options.body } : {}),
      ...(options.payloadAsStream ? { payloadAsStream: true } : {}),
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
/**
 * Waits (up to 10 s) for at least `count` mails to `to` whose subject is `subject`, which a job
 * sends after the answer, and resolves to them, oldest first.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  subject: string,
  count = 1,
): Promise<{ to: string; subject: string; text: string }[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter((m) => m.to === to && m.subject === subject);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`no ${count} mail(s) "${subject}" to ${to} in 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function readOutbox(
  dataDir: string,
): Promise<{ to: string; subject: string; text: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as never),
  );
}
