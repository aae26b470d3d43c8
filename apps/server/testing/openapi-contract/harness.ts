import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { OpenApiContract } from '../openapi-contract.ts';
import type { Method } from '../route-list.ts';
import type { SiteClient } from '../site-client.ts';
import type { TestJiffy } from '../test-jiffy.ts';

export type Json = Record<string, unknown>;

/** An answer that is not JSON (a CSV, a GIF, an MP4), as `holds` hands it back. */
export interface FileAnswer {
  body: string | undefined;
  /** The Content-Type header as sent. */
  type: string;
  bytes: Buffer;
}

/** A call's answer read as a file (it fails when the answer was JSON). */
export function asFile(answer: Json): FileAnswer {
  expect(Buffer.isBuffer(answer.bytes), 'a file, not JSON').toBe(true);
  return answer as unknown as FileAnswer;
}

/** What the seed of api-contract.http.test.ts made, for the calls of each area. */
export interface ContractSeed {
  /** A GIF uploaded through the public API (every rendition made). */
  gifId: string;
  /** A GIF uploaded by `ann` through the site. */
  siteGifId: string;
  /** Signed-in site users: `ann` (user), `mod` (moderator), `boss` (admin). */
  users: Record<string, SiteClient>;
  /** A personal token of each of them. */
  tokens: Record<string, string>;
}

/**
 * The contract test's calls, shared by the files of each area (`*.calls.ts`): every answer is
 * held to the operation its call reaches in `/openapi.json`, with ajv, and a call that succeeds
 * marks its operation as exercised (the test fails if a documented one never is).
 */
export class ContractHarness {
  readonly exercised = new Set<string>();
  readonly t: TestJiffy;
  readonly contract: OpenApiContract;
  readonly seed: ContractSeed;
  constructor(t: TestJiffy, contract: OpenApiContract, seed: ContractSeed) {
    this.t = t;
    this.contract = contract;
    this.seed = seed;
  }

  /** Checks an answer against the operation its call reaches; returns the body. */
  holds(method: string, url: string, response: LightMyRequestResponse): Json {
    const path = url.split('?')[0]!;
    const operation = this.contract.operationFor(method, path);
    expect(operation, `${method} ${path} is documented`).toBeDefined();
    const contentType = String(response.headers['content-type'] ?? 'application/json');
    const json = contentType.startsWith('application/json');
    const body = response.body === '' ? undefined : json ? response.json<Json>() : response.body;
    expect(
      this.contract.check(operation!, response.statusCode, body, contentType),
      `${method} ${url}`,
    ).toEqual([]);
    // A call counts when it succeeds, or, for a route documented as always refusing (no 2XX
    // answer, such as channels' children without a parent id), when it refuses as documented.
    const answers = Object.keys(operation!.operation.responses as Json);
    const refusesOnly = !answers.some((status) => status.startsWith('2'));
    if (response.statusCode < 300 || (refusesOnly && response.statusCode < 500))
      this.exercised.add(operation!.key);
    if (json && body !== undefined) return body as Json;
    // Not JSON: the text, its type, and the bytes as sent (a GIF's do not survive as text).
    return { body, type: contentType, bytes: response.rawPayload };
  }

  /** A call made with `inject` as given; `status` is what it must answer. */
  async call(
    init: { method?: Method; url: string; body?: object; headers?: Record<string, string> },
    status: number,
  ): Promise<Json> {
    const method = init.method ?? 'GET';
    const response = await this.t.jiffy.app.inject({
      method,
      url: init.url,
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body ? { payload: init.body } : {}),
    });
    expect(response.statusCode, `${method} ${init.url}: ${response.body.slice(0, 300)}`).toBe(
      status,
    );
    return this.holds(method, init.url, response);
  }

  /** A site API call from `client` (cookies and the CSRF echo). */
  async site(
    client: SiteClient,
    method: Method,
    url: string,
    status: number,
    body?: object,
  ): Promise<Json> {
    const response = await client.request({ method, url, ...(body ? { body } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(status);
    return this.holds(method, url, response);
  }

  /** A multipart site call from `client` (an upload: `multipart()` of testing/fixtures.ts). */
  async siteForm(
    client: SiteClient,
    method: Method,
    url: string,
    status: number,
    form: { payload: Buffer; headers: Record<string, string> },
  ): Promise<Json> {
    const response = await client.request({ method, url, form });
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(status);
    return this.holds(method, url, response);
  }

  /** A call as a script makes it, with a personal token (`Authorization: Token …`). */
  withToken(
    token: string,
    method: Method,
    url: string,
    status: number,
    body?: object,
  ): Promise<Json> {
    return this.call(
      { method, url, headers: { authorization: `Token ${token}` }, ...(body ? { body } : {}) },
      status,
    );
  }

  /** A Tenor API call (`key` added). */
  tenor(url: string, status = 200): Promise<Json> {
    return this.call({ url: `${url}${url.includes('?') ? '&' : '?'}key=${this.t.apiKey}` }, status);
  }
}
