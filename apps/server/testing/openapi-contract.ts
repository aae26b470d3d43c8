import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

type Json = Record<string, unknown>;

/** One operation of the document: where it is and what it says. */
export interface DocumentedOperation {
  /** `GET /v1/gifs/{id}` */
  key: string;
  method: string;
  template: string;
  operation: Json;
}

/**
 * Holds answers to an OpenAPI 3.1 document: finds the operation a concrete call reaches and
 * checks the answer's body against the schema the document gives for its status (or `4XX` /
 * `5XX`), with a JSON Schema 2020-12 validator: the document is checked as a client reads it.
 */
export class OpenApiContract {
  readonly operations: DocumentedOperation[];
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    const paths = document.paths as Record<string, Record<string, Json>>;
    this.operations = Object.entries(paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        operation,
      })),
    );
    const components = (document.components as Json | undefined) ?? {};
    this.#ajv.addSchema({ $id: 'https://jiffy.test/doc', components });
  }

  /**
   * The operation a call to `path` reaches: of the templates that match, the one with the
   * fewest `{parameters}` (the router prefers `/v1/gifs/search` to `/v1/gifs/{id}` too).
   */
  operationFor(method: string, path: string): DocumentedOperation | undefined {
    const matches = this.operations.filter(
      (o) => o.method === method && templateRegex(o.template).test(path),
    );
    return matches.sort((a, b) => paramCount(a.template) - paramCount(b.template))[0];
  }

  /** The problems of an answer against its operation's schema for `status`; [] when it holds. */
  check(
    operation: DocumentedOperation,
    status: number,
    body: unknown,
    contentType = 'application/json',
  ): string[] {
    const responses = operation.operation.responses as Record<string, Json>;
    const key = String(status) in responses ? String(status) : `${String(status)[0]}XX`;
    const response = responses[key];
    if (!response) return [`status ${status} is not documented`];
    const content = response.content as Record<string, { schema: Json }> | undefined;
    // An answer that is not JSON (a CSV, a GIF) holds when its media type is the documented one.
    const mediaType = contentType.split(';')[0]!.trim();
    if (mediaType !== 'application/json') {
      if (!content?.[mediaType]) return [`status ${status} documents no ${mediaType} answer`];
      return typeof body === 'string' ? [] : [`a ${mediaType} answer is text or bytes`];
    }
    const schema = content?.['application/json']?.schema;
    if (!schema) return body === undefined ? [] : [`status ${status} documents no body`];
    const cacheKey = `${operation.key} ${key}`;
    let validate = this.#compiled.get(cacheKey);
    if (!validate) {
      validate = this.#ajv.compile(this.#rooted(schema));
      this.#compiled.set(cacheKey, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  }

  /** Whether `schema` (one of the document's, `$ref`s and all) accepts `value`. */
  accepts(schema: Json, value: unknown): boolean {
    const key = JSON.stringify(schema);
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#ajv.compile(this.#rooted(schema));
      this.#compiled.set(key, validate);
    }
    return validate(value);
  }

  /** A schema of the document whose `$ref`s point into it from outside. */
  #rooted(schema: Json): Json {
    return JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', '"https://jiffy.test/doc#/components/'),
    ) as Json;
  }
}

const paramCount = (template: string) => (template.match(/\{/g) ?? []).length;
// A trailing slash or none: the router answers both alike, and the document writes none.
const templateRegex = (template: string) =>
  new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('')}/?$`,
  );
