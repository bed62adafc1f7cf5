import { parse } from 'yaml';
import { z } from 'zod';
import deTable from '../../../content/i18n/openapi/de.yaml?raw';
import type { Locale } from '../content/locales.ts';
import { fillPolicy } from '../rate-limit/policy-text.ts';
import type { Translate } from './build-api-reference-view.ts';

/**
 * A translation table of the OpenAPI document's prose, one text per key: `op.<operationId>.
 * <summary|description|requestBody|status>`, `op.<operationId>.<status>.<header>`,
 * `response.<Component>`, `param.<name>`, `header.<name>`, `schema.<Name>[.<property>]`,
 * `example.<name>`. The document itself stays English; the reference page reads this table.
 */
const OpenApiTranslationSchema = z.record(
  z.string().regex(/^(op|response|param|header|schema|example)\.[\w.-]+$/),
  z.string().trim().min(1),
);

/** The tables by locale; English is the document itself. */
const TABLES: Partial<Record<Locale, Readonly<Record<string, string>>>> = {
  de: OpenApiTranslationSchema.parse(parse(deTable)),
};

/** The table of a locale; empty for English, the document's own language. */
export const translationTable = (locale: Locale): Readonly<Record<string, string>> => TABLES[locale] ?? {};

/** The translator of a locale's reference page: the first key its table holds, else the document's English. */
export function translatorFor(locale: Locale): Translate {
  const table = translationTable(locale);
  return (keys, english) => {
    for (const key of keys) {
      const text = table[key];
      // The rate limit's numbers are filled in from the policy (`{limit}`, `{seconds}`).
      if (text !== undefined) return fillPolicy(text, locale);
    }
    return english;
  };
}
