import type { ApiReferenceUiStrings } from '../content/ui-strings-schema.ts';
import type { JsonSchema } from '../openapi/openapi-types.ts';
import type { SecurityView, TextRun, TypeView } from './api-reference-view.ts';

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

/** Reason phrases of the statuses the document uses, as RFC 9110 §15 names them. */
const REASONS: Readonly<Record<string, string>> = {
  '200': 'OK',
  '204': 'No Content',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '412': 'Precondition Failed',
  '413': 'Content Too Large',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
};

/** The reason phrase of a status code, or `''` for one the table lacks (a `default` response). */
export const statusReason = (status: string): string => REASONS[status] ?? '';

/**
 * The CommonMark the document's descriptions use, reduced to what they hold: paragraphs
 * split by blank lines, and inline code. Anything else stays literal text.
 */
export function descriptionParagraphs(description: string): TextRun[][] {
  return description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) =>
      paragraph
        .split('`')
        .map((text, index) => ({ code: index % 2 === 1, text }))
        .filter((run) => run.text !== ''),
    );
}

/** Values as code, separated by commas: `a`, `b`. */
const codeList = (values: string[]): TextRun[] =>
  values.flatMap((value, index): TextRun[] => [
    ...(index > 0 ? [{ code: false, text: ', ' }] : []),
    { code: true, text: value },
  ]);

/** One alternative of an operation's security, in the page's language; scopes as code. */
function securityRuns(security: SecurityView, ui: ApiReferenceUiStrings): TextRun[] {
  if (security.kind === 'anonymous') return [{ code: false, text: ui.anonymous }];
  const [before = '', after = ''] = ui.oauth.split('{scopes}');
  return [{ code: false, text: before }, ...codeList(security.scopes), { code: false, text: after }].filter(
    (run) => run.text !== '',
  );
}

/** All alternatives of an operation's security: "none (anonymous) or OAuth 2.0 access token with scope `catalog.read`". */
export const securityText = (security: SecurityView[], ui: ApiReferenceUiStrings): TextRun[] =>
  security.flatMap((alternative, index) => [
    ...(index > 0 ? [{ code: false, text: ` ${ui.or} ` }] : []),
    ...securityRuns(alternative, ui),
  ]);

/** A parameter's or property's allowed values and default, after its description: " Values: `a`, `b`. Default: `a`." */
export function allowedText(values: string[], fallback: string | undefined, ui: ApiReferenceUiStrings): TextRun[] {
  const runs: TextRun[] = [];
  if (values.length > 0) {
    runs.push({ code: false, text: ` ${ui.values}: ` }, ...codeList(values), { code: false, text: '.' });
  }
  if (fallback !== undefined) {
    runs.push({ code: false, text: ` ${ui.default}: ` }, { code: true, text: fallback }, { code: false, text: '.' });
  }
  return runs;
}

/** "yes" or "no" for a required column. */
export const requiredLabel = (required: boolean, ui: ApiReferenceUiStrings): string => (required ? ui.yes : ui.no);

/** Where a description's first clause ends: a colon, a semicolon or a full stop before a space, or its end. */
const CLAUSE_END = /^(?:[:;.](?=\s)|\.$)/;

/**
 * The first clause of a description's first paragraph, a response's short meaning: up to its first `:`, `;` or `.`
 * outside code and parentheses ("`If-None-Match` names the current `ETag`", "An unexpected error").
 */
export function leadClause(description: string): TextRun[] {
  const lead: TextRun[] = [];
  let depth = 0;
  for (const run of descriptionParagraphs(description)[0] ?? []) {
    if (run.code) {
      lead.push(run);
      continue;
    }
    for (let index = 0; index < run.text.length; index += 1) {
      const char = run.text[index]!;
      if (char === '(') depth += 1;
      else if (char === ')') depth = Math.max(0, depth - 1);
      else if (depth === 0 && CLAUSE_END.test(run.text.slice(index, index + 2))) {
        const text = run.text.slice(0, index).trimEnd();
        if (text !== '') lead.push({ code: false, text });
        return lead;
      }
    }
    lead.push(run);
  }
  return lead;
}
