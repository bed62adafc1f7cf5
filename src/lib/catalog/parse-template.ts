import { decodeFormPairs } from '../http/form-urlencoded.ts';
import { CATALOG_TEMPLATES, DEFAULT_TEMPLATE, type CatalogTemplate } from '../schemas/catalog.ts';

/** The result of reading `template` from a query string: a template, or why not. */
export type TemplateResult = { ok: true; template: CatalogTemplate } | { ok: false; detail: string };

const ALLOWED = CATALOG_TEMPLATES.join(', ');

/**
 * Reads `template` from a raw query string before any upstream call: absent → the default; unknown, empty, repeated
 * or undecodable → an error listing the allowed values. Any undecodable pair is an error: a malformed query is a 400.
 */
export function parseTemplate(query: string, fallback: CatalogTemplate = DEFAULT_TEMPLATE): TemplateResult {
  const form = decodeFormPairs(query);
  if ('malformed' in form) {
    return {
      ok: false,
      detail: `The query string is not validly percent-encoded. template must be one of: ${ALLOWED}.`,
    };
  }
  const values = form.pairs.filter(([name]) => name === 'template').map(([, value]) => value);
  if (values.length === 0) return { ok: true, template: fallback };
  if (values.length > 1) {
    return { ok: false, detail: `template was given ${values.length} times; give it once, as one of: ${ALLOWED}.` };
  }
  const value = values[0] ?? '';
  if ((CATALOG_TEMPLATES as readonly string[]).includes(value)) {
    return { ok: true, template: value as CatalogTemplate };
  }
  const shown = value === '' ? 'empty' : `"${value.slice(0, 64).replace(/[^\x20-\x7e]/g, '?')}"`;
  return { ok: false, detail: `template is ${shown}; it must be one of: ${ALLOWED}.` };
}
