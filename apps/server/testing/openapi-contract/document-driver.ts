import type { LightMyRequestResponse } from 'fastify';
import { multipart } from '../fixtures.ts';
import type { DocumentedOperation, OpenApiContract } from '../openapi-contract.ts';
import type { Method } from '../route-list.ts';
import type { SiteClient } from '../site-client.ts';
import type { TestJiffy } from '../test-jiffy.ts';
import { FILE, SchemaValues, type Violation } from './schema-values.ts';

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Json;
}

/** One request as the driver sends it. */
export interface DrivenRequest {
  method: Method;
  path: Record<string, string>;
  query: Record<string, string>;
  /** A JSON body, or the fields of a multipart one (FILE where a file goes). */
  body: Json | undefined;
  multipart: boolean;
}

/** One input of an invalid request, and the request that carries it. */
export interface InvalidRequest {
  what: string;
  request: DrivenRequest;
}

/** Who calls: the seeded admin's session or token, the instance's key, or a session of its own. */
export interface Callers {
  session: SiteClient;
  token: string;
  apiKey: string;
  /** A fresh session, for calls that end the one they are made with (signing out). */
  freshSession(): Promise<SiteClient>;
}

/**
 * Drives an operation of `/openapi.json` from the document alone: a valid request built from its
 * parameters' and body's schemas (path parameters from the seed's real ids), and invalid ones,
 * each breaking one input (see SchemaValues), bounded per input. Credentials follow the
 * operation's `security`.
 */
export class DocumentDriver {
  readonly values: SchemaValues;
  readonly #t: TestJiffy;
  readonly #callers: Callers;
  readonly #file: Buffer;
  readonly #pathValue: (template: string, name: string) => string | undefined;

  constructor(options: {
    t: TestJiffy;
    document: Json;
    contract: OpenApiContract;
    callers: Callers;
    file: Buffer;
    named: (name: string) => unknown;
    /** A seeded id for a path parameter; undefined leaves it to the schema. */
    pathValue: (template: string, name: string) => string | undefined;
  }) {
    this.#t = options.t;
    this.#callers = options.callers;
    this.#file = options.file;
    this.#pathValue = options.pathValue;
    this.values = new SchemaValues(options.document, options.contract, options.named);
  }

  /** The valid request of an operation. */
  validRequest(op: DocumentedOperation): DrivenRequest {
    const path: Record<string, string> = {};
    const query: Record<string, string> = {};
    for (const p of this.#parameters(op)) {
      if (p.in === 'path')
        path[p.name] =
          this.#pathValue(op.template, p.name) ?? String(this.values.valid(p.schema, p.name));
      else if (p.required && !this.#isKey(p.name))
        query[p.name] = String(this.values.valid(p.schema, p.name));
    }
    const body = this.#bodySchema(op);
    return {
      method: op.method as Method,
      path,
      query,
      body: body ? this.values.validObject(body.schema) : undefined,
      multipart: body?.type === 'multipart/form-data',
    };
  }

  /**
   * Requests that each break one input of the valid one: a parameter's or a body property's
   * schema (at most `perInput` each), a required one left out, a property a closed body does not
   * have. Inputs that travel as text (query, path, multipart) are broken as text.
   */
  invalidRequests(op: DocumentedOperation, perInput: number): InvalidRequest[] {
    const valid = this.validRequest(op);
    const out: InvalidRequest[] = [];
    const text = (v: Violation) => String(v.value);
    for (const p of this.#parameters(op)) {
      for (const v of this.values.violations(p.schema, true, perInput)) {
        // An empty path segment is another path (`/tags/related/` is not this operation's).
        if (p.in === 'path' && v.value === '') continue;
        const request = structuredClone(valid);
        request[p.in][p.name] = text(v);
        out.push({ what: `${p.in} ${p.name}: ${v.what}`, request });
      }
      if (p.in === 'query' && p.required && !this.#isKey(p.name)) {
        const request = structuredClone(valid);
        delete request.query[p.name];
        out.push({ what: `query ${p.name}: left out`, request });
      }
    }
    const body = this.#bodySchema(op);
    if (!body || !valid.body) return out;
    const schema = this.values.resolve(body.schema);
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      if (this.values.valid(property, name) === FILE) continue;
      for (const v of this.values.violations(property, valid.multipart, perInput)) {
        const request = structuredClone(valid);
        request.body![name] = valid.multipart ? text(v) : v.value;
        out.push({ what: `body ${name}: ${v.what}`, request });
      }
      if (required.has(name) && !('default' in property)) {
        const request = structuredClone(valid);
        delete request.body![name];
        out.push({ what: `body ${name}: left out`, request });
      }
    }
    if (schema.additionalProperties === false) {
      const request = structuredClone(valid);
      request.body!.no_such_field = 'x';
      out.push({ what: 'body: a field it does not take', request });
    }
    if (!valid.multipart) {
      const request = structuredClone(valid);
      request.body = ['not', 'an', 'object'] as unknown as Json;
      out.push({ what: 'body: not an object', request });
    }
    return out;
  }

  /** Sends a request as the operation's `security` says it may be made. */
  async send(op: DocumentedOperation, request: DrivenRequest): Promise<LightMyRequestResponse> {
    const security = (op.operation.security ?? [{}]) as Json[];
    // The caller with the most standing the operation takes: a session, else a token, else none.
    const pick =
      security.find((s) => 'session' in s) ?? security.find((s) => 'token' in s) ?? security[0]!;
    // The caller's key, unless the request is one that breaks the key parameter itself.
    const query = { ...request.query };
    if ('apiKey' in pick) query.api_key ??= this.#callers.apiKey;
    if ('tenorKey' in pick) query.key ??= this.#callers.apiKey;
    const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(request.path[name] ?? ''),
    );
    const search = new URLSearchParams(query).toString();
    const url = search ? `${path}?${search}` : path;
    const form = request.multipart ? this.#form(request.body ?? {}) : undefined;
    const body = !request.multipart && request.body !== undefined ? request.body : undefined;
    if ('session' in pick) {
      const client = op.key.includes('logout')
        ? await this.#callers.freshSession()
        : this.#callers.session;
      return client.request({
        method: request.method,
        url,
        ...(form ? { form } : {}),
        ...(body !== undefined ? { body } : {}),
      });
    }
    const headers: Record<string, string> = { ...form?.headers };
    if ('token' in pick) headers.authorization = `Token ${this.#callers.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.#t.jiffy.app.inject({
      method: request.method,
      url,
      headers,
      ...(form ? { payload: form.payload } : {}),
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  }

  #form(fields: Json): { payload: Buffer; headers: Record<string, string> } {
    const text = Object.fromEntries(
      Object.entries(fields)
        .filter(([, value]) => value !== FILE)
        .map(([name, value]) => [name, String(value)]),
    );
    const file = Object.entries(fields).find(([, value]) => value === FILE);
    return multipart(
      text,
      file ? { name: 'cat.gif', bytes: this.#file, type: 'image/gif', field: file[0] } : undefined,
    );
  }

  #parameters(op: DocumentedOperation): Parameter[] {
    return (op.operation.parameters ?? []) as Parameter[];
  }

  /** The key parameters are the caller's, not the operation's input. */
  #isKey(name: string): boolean {
    return name === 'api_key' || name === 'key';
  }

  #bodySchema(op: DocumentedOperation): { type: string; schema: Json } | undefined {
    const content = (op.operation.requestBody as Json | undefined)?.content as
      Record<string, { schema: Json }> | undefined;
    if (!content) return undefined;
    const [type, media] = Object.entries(content)[0]!;
    return { type, schema: media.schema };
  }
}
