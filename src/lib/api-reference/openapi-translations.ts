import { parse } from 'yaml';
import { z } from 'zod';
import deTable from '../../../content/i18n/openapi/de.yaml?raw';
import type { Locale } from '../content/locales.ts';
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

/** A translator from a table: the first key it holds, else the document's English. */
function translatorFrom(table: Readonly<Record<string, string>>): Translate {
  return (keys, english) => {
    for (const key of keys) {
      const text = table[key];
      if (text !== undefined) return text;
    }
    return english;
  };
}

/** The translator of a locale's reference page. */
export const translatorFor = (locale: Locale): Translate => translatorFrom(TABLES[locale] ?? {});

/** The raw table of a locale, for the tests that hold it complete. */
export const translationTable = (locale: Locale): Readonly<Record<string, string>> => TABLES[locale] ?? {};
