import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Converts zod schemas to the document's JSON Schema (2020-12, which OpenAPI 3.1 speaks).
 * Request schemas are read as input (what a caller may send: before defaults and
 * transforms), responses as output (what Jiffy sends). A schema named with `.meta({ id })` is
 * written once under `components.schemas` and referred to from everywhere it appears.
 */
export class JsonSchemaWriter {
  readonly components: Record<string, JsonSchema> = {};

  write(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      // Transforms and refinements have no JSON Schema: the part before them stands for them.
      unrepresentable: 'any',
      // zod leaves out the default of a union (`wholeNumber`: a number or its digits), so a
      // parameter's default would go undocumented; it is put back here.
      override: ({ zodSchema, jsonSchema }) => {
        const def = zodSchema._zod.def;
        if (def.type === 'default' && !('default' in jsonSchema))
          jsonSchema.default = def.defaultValue;
      },
    }) as JsonSchema;
    // `$schema` goes: the document's dialect (OpenAPI 3.1's) covers every schema in it.
    delete converted.$schema;
    const { $defs, ...rest } = converted;
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const key = io === 'input' ? `${name}Input` : name;
      this.components[key] ??= this.pointAtComponents(def, io);
    }
    return this.pointAtComponents(rest, io);
  }

  /** Rewrites zod's `#/$defs/<id>` references to the document's components. */
  private pointAtComponents(schema: JsonSchema, io: 'input' | 'output'): JsonSchema {
    const suffix = io === 'input' ? 'Input' : '';
    return JSON.parse(
      JSON.stringify(schema).replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_, name: string) => `"#/components/schemas/${name}${suffix}"`,
      ),
    ) as JsonSchema;
  }
}
