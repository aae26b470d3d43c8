import { UNSTORABLE_TEXT } from '../hostile-input-walk.ts';
import type { OpenApiContract } from '../openapi-contract.ts';

type Json = Record<string, unknown>;

/** A file field of a multipart body (`format: binary`): the driver attaches a real file there. */
export const FILE = '<file>';

/** One input that breaks its schema, and what breaks it. */
export interface Violation {
  what: string;
  value: unknown;
}

/**
 * Strings tried, in order, for a string schema with a `pattern`: the first that the schema
 * accepts is the sample. They cover the patterns Jiffy's inputs use (ids, slugs, locales,
 * dates, codes); a pattern none fits leaves the value to the generic `cat`.
 */
const PATTERN_CANDIDATES = [
  'cat',
  'cat-nap',
  'catnap1',
  'en',
  'en_US',
  'US',
  '123456',
  '2099-01-01',
  '2099-01-01T12:00:00Z',
  '0123456789abcdef01234567',
  'data:image/png;base64,iVBORw0KGgo=',
  'ann',
];

/**
 * Values for the document's JSON Schemas: one each schema accepts, built from its examples,
 * default, enum or constraints (or the caller's seeded value for a name), and a few it refuses
 * (the wrong type, past a bound, outside an enum or pattern, text the database cannot store).
 * Every value is checked against the schema with the contract's validator, so a "valid" sample
 * the document itself refuses, or a "violation" it accepts, never reaches the server unnoticed.
 */
export class SchemaValues {
  readonly #components: Record<string, Json>;
  readonly #contract: OpenApiContract;
  readonly #named: (name: string) => unknown;

  constructor(document: Json, contract: OpenApiContract, named: (name: string) => unknown) {
    this.#components = ((document.components as Json | undefined)?.schemas ?? {}) as Record<
      string,
      Json
    >;
    this.#contract = contract;
    this.#named = named;
  }

  /** The schema a `$ref` points at (or the schema itself). */
  resolve(schema: Json | undefined): Json {
    let current = schema ?? {};
    while (typeof current.$ref === 'string')
      current = this.#components[current.$ref.split('/').pop()!] ?? {};
    return current;
  }

  accepts(schema: Json, value: unknown): boolean {
    return this.#contract.accepts(schema, value);
  }

  /** A value `schema` accepts; `name` is the property or parameter it is for. */
  valid(schema: Json | undefined, name = ''): unknown {
    const s = this.resolve(schema);
    const seeded = this.#named(name);
    if (seeded !== undefined && this.accepts(s, seeded)) return seeded;
    if ('const' in s) return s.const;
    if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
    if ('default' in s && s.default !== undefined) return s.default;
    if (Array.isArray(s.enum)) return s.enum[0];
    const options = (s.anyOf ?? s.oneOf) as Json[] | undefined;
    if (options) {
      const usable = options.map((o) => this.resolve(o)).find((o) => o.type !== 'null');
      return this.valid(usable ?? options[0], name);
    }
    const types = [s.type].flat() as (string | undefined)[];
    const type = types.find((t) => t !== 'null');
    switch (type) {
      case 'string':
        return this.#string(s);
      case 'integer':
      case 'number':
        return typeof s.minimum === 'number'
          ? s.minimum
          : typeof s.exclusiveMinimum === 'number'
            ? s.exclusiveMinimum + 1
            : Math.min(1, typeof s.maximum === 'number' ? s.maximum : 1);
      case 'boolean':
        return true;
      case 'array': {
        const count = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
        return Array.from({ length: count }, () => this.valid(s.items as Json, name));
      }
      case 'object':
        return this.validObject(s);
      default:
        return 'cat';
    }
  }

  /**
   * An object with each required property (those with a default may be left out); one whose
   * properties are all optional gets its first, as a change of one field is.
   */
  validObject(schema: Json): Json {
    const s = this.resolve(schema);
    const properties = Object.entries((s.properties ?? {}) as Record<string, Json>);
    const required = new Set((s.required ?? []) as string[]);
    const chosen = properties.filter(
      ([name, property]) => required.has(name) && !('default' in property),
    );
    if (!required.size && properties.length) chosen.push(properties[0]!);
    return Object.fromEntries(chosen.map(([name, property]) => [name, this.valid(property, name)]));
  }

  #string(s: Json): unknown {
    if (s.format === 'binary' || s.contentMediaType) return FILE;
    if (s.format === 'email') return 'someone@example.com';
    if (s.format === 'uri') return 'https://example.com/page';
    if (s.format === 'date-time') return '2099-01-01T12:00:00Z';
    if (s.format === 'date') return '2099-01-01';
    const fits = (value: string) => this.accepts(s, value);
    const candidate = PATTERN_CANDIDATES.find(fits);
    if (candidate) return candidate;
    const min = typeof s.minLength === 'number' ? s.minLength : 0;
    return 'cat'.padEnd(min, 's');
  }

  /**
   * A few values `schema` refuses, at most `limit`: the wrong type, each bound passed, a value
   * outside its enum or pattern, text the database cannot store. `asText`: the value travels as
   * text (a query or path parameter, a multipart field), so types are judged on its text.
   */
  violations(schema: Json | undefined, asText: boolean, limit = 4): Violation[] {
    const s = this.resolve(schema);
    const found: Violation[] = [];
    const add = (what: string, value: unknown) => {
      if (found.length >= limit || found.some((v) => v.value === value)) return;
      // A number is judged as one even as text: the schema's digits-only branch has no bounds.
      const instance = asText && typeof value !== 'number' ? String(value) : value;
      if (!this.accepts(s, instance)) found.push({ what, value });
    };
    const options = ((s.anyOf ?? s.oneOf) as Json[] | undefined)?.map((o) => this.resolve(o));
    const types = new Set(
      [s, ...(options ?? [])].flatMap((o) => [o.type].flat().filter(Boolean) as string[]),
    );
    if (Array.isArray(s.enum)) add('a value outside its enum', `not-${String(s.enum[0])}`);
    const numeric = [s, ...(options ?? [])].find(
      (o) => o.type === 'integer' || o.type === 'number',
    );
    if (numeric) {
      add('not a number', 'abc');
      if (typeof numeric.minimum === 'number') add('below its minimum', numeric.minimum - 1);
      if (typeof numeric.maximum === 'number') add('above its maximum', numeric.maximum + 1);
      if (numeric.type === 'integer') add('not whole', 1.5);
    }
    const text = [s, ...(options ?? [])].find((o) => o.type === 'string');
    if (text && !numeric) {
      if (typeof text.maxLength === 'number')
        add('longer than its maxLength', 'x'.repeat(text.maxLength + 1));
      if (typeof text.minLength === 'number' && text.minLength > 0) add('empty', '');
      if (typeof text.pattern === 'string') add('outside its pattern', 'no such~thing!');
      add('text the database cannot store', UNSTORABLE_TEXT[0]);
    }
    if (!asText) {
      if (!types.has('string')) add('a string', 'abc');
      if (!types.has('integer') && !types.has('number')) add('a number', 12345);
      if (!types.has('object')) add('an object', { a: 1 });
      if (!types.has('array')) add('a list', ['a']);
    }
    if (types.has('array') && typeof s.maxItems === 'number' && !asText)
      add(
        'more items than its maxItems',
        Array.from({ length: s.maxItems + 1 }, () => 'x'),
      );
    return found;
  }
}
