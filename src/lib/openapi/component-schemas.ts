import { z } from 'zod';
import type { JsonSchema } from './openapi-types.ts';

const SCHEMA_PREFIX = '#/components/schemas/';

/** The `id` a shape was registered with by `.meta({ id })`. */
function schemaId(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (id === undefined) throw new Error('schema has no id in the global registry: add .meta({ id })');
  return id;
}

/** A `$ref` to a shape's entry in `components.schemas` (in OpenAPI 3.1, itself a JSON Schema). */
export const schemaRef = (schema: z.ZodType): JsonSchema => ({ $ref: SCHEMA_PREFIX + schemaId(schema) });

/** Every `$ref` to a component schema anywhere inside `node`. */
function referencedIds(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const child of node) referencedIds(child, found);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_PREFIX)) {
        found.add(value.slice(SCHEMA_PREFIX.length));
      } else referencedIds(value, found);
    }
  }
  return found;
}

/** All registered shapes as JSON Schema 2020-12, refs pointing into `components.schemas`. */
function convertRegistry(io: 'input' | 'output'): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'throw',
    uri: (id) => SCHEMA_PREFIX + id,
  });
  // The document's jsonSchemaDialect names the dialect, and a component has no `$id` of its own.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]),
  );
}

/**
 * `components.schemas` from the zod schemas: the shapes the document's operations send (`sends`, emitted as what zod's
 * parse outputs) and read (`reads`, its input side), with the shapes they use. A shape used as input and output must
 * convert the same way both ways, or it could not be one component.
 */
export function buildComponentSchemas(
  sends: readonly z.ZodType[],
  reads: readonly z.ZodType[],
): Record<string, JsonSchema> {
  const sides = { output: convertRegistry('output'), input: convertRegistry('input') };
  const picked: Record<string, JsonSchema> = {};
  const pick = (id: string, side: keyof typeof sides): void => {
    const schema = sides[side][id];
    if (schema === undefined) throw new Error(`no registered schema with id ${id}`);
    const earlier = picked[id];
    if (earlier !== undefined) {
      if (JSON.stringify(earlier) !== JSON.stringify(schema)) throw new Error(`${id} differs as input and output`);
      return;
    }
    picked[id] = schema;
    for (const used of referencedIds(schema)) pick(used, side);
  };
  for (const schema of sends) pick(schemaId(schema), 'output');
  for (const schema of reads) pick(schemaId(schema), 'input');
  return picked;
}
