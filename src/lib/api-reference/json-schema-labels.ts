import type { JsonSchema } from '../openapi/openapi-types.ts';
import type { TypeView } from './api-reference-view.ts';

/** The last segment of a local `$ref`: `#/components/schemas/Problem` → `Problem`. */
export const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

/** A schema value as text: strings as they are, anything else as JSON. */
export const literal = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A short, language-neutral name for a JSON Schema's type. */
export function typeOf(schema: JsonSchema | undefined): TypeView {
  if (schema === undefined) return { label: 'any' };
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return { label: name, schema: name };
  }
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    const options = schema[combinator];
    if (Array.isArray(options)) {
      const types = (options as JsonSchema[]).map(typeOf);
      const schema = types.find((t) => t.schema !== undefined)?.schema;
      const label = types.map((t) => t.label).join(' | ');
      return schema === undefined ? { label } : { label, schema };
    }
  }
  if (schema.type === 'array') {
    const items = typeOf(schema.items as JsonSchema | undefined);
    return { ...items, label: `${items.label}[]` };
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  const base = typeof type === 'string' ? type : 'any';
  return { label: typeof schema.format === 'string' ? `${base} (${schema.format})` : base };
}

/** The values a schema allows when it lists them (`enum`, `const`). */
export function valuesOf(schema: JsonSchema | undefined): string[] {
  if (schema === undefined) return [];
  if (Array.isArray(schema.enum)) return schema.enum.map(literal);
  if ('const' in schema) return [literal(schema.const)];
  return [];
}
