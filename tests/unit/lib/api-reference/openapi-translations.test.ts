import { describe, expect, it } from 'vitest';
import { buildApiReferenceView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import {
  parseOpenApiTranslations,
  translationTable,
  translatorFor,
  translatorOf,
} from '../../../../src/lib/api-reference/openapi-translations.ts';
import { openApiDocumentFor } from '../../../helpers/openapi-fixture.ts';

const document = openApiDocumentFor('https://catalog.example');

/** Every text of the document the reference asks for, with the keys it asks by. */
function requests(): Array<{ keys: readonly string[]; english: string }> {
  const asked: Array<{ keys: readonly string[]; english: string }> = [];
  buildApiReferenceView(document, (keys, english) => {
    asked.push({ keys, english });
    return english;
  });
  return asked;
}

describe('the German translation table of the API reference', () => {
  const table = translationTable('de');

  it('translates every text of the document, keyed by operation and status', () => {
    const missing = requests().filter(({ keys }) => !keys.some((key) => key in table));
    expect(missing.map(({ keys, english }) => `${keys.join(' | ')}: ${english.slice(0, 60)}`)).toEqual([]);
  });

  it('holds no key the document no longer has', () => {
    const used = new Set(requests().flatMap(({ keys }) => keys));
    expect(Object.keys(table).filter((key) => !used.has(key))).toEqual([]);
  });

  it('keeps the code spans of the English text, so identifiers survive translation', () => {
    const spans = (text: string) => (text.match(/`[^`]+`/g) ?? []).sort();
    for (const { keys, english } of requests()) {
      const key = keys.find((k) => k in table);
      if (key !== undefined) expect(spans(table[key]!), key).toEqual(spans(english));
    }
  });

  it('makes the German view German: summaries, responses and schemas', () => {
    const view = buildApiReferenceView(document, translatorFor('de'));
    const get = view.paths[0]!.operations[0]!;
    expect(get.summary).toBe('Die Biomarker eines Panels');
    expect(get.responses.find((r) => r.status === '304')!.description).toMatch(/nichts geändert/);
    expect(view.schemas.find((s) => s.name === 'Problem')!.description).toBe('Problem Details nach RFC 9457.');
    // The examples are the service's own answers, in English.
    expect(get.responses[0]!.examples[0]!.code).toContain('"LDL cholesterol"');
  });
});

describe('the translation tables of the API reference, found by locale', () => {
  it('fails the build for a configured locale without its table', () => {
    expect(() => parseOpenApiTranslations({ 'de.yaml': '{}' }, ['en', 'de', 'fr'])).toThrow(
      'Missing translation for locale "fr": content/i18n/openapi/fr.yaml is missing',
    );
  });

  it('fails the render of a page whose table lacks a text, naming the locale, the file and the key', () => {
    const table = translationTable('de');
    const { 'op.getCatalog.summary': _left, ...rest } = table;
    const files = {
      'de.yaml': Object.entries(rest)
        .map(([key, text]) => `${key}: ${JSON.stringify(text)}`)
        .join('\n'),
    };
    const translate = translatorOf(parseOpenApiTranslations(files, ['en', 'de']), 'de');
    expect(() => buildApiReferenceView(document, translate)).toThrow(
      'Missing translation for locale "de": content/i18n/openapi/de.yaml has no "op.getCatalog.summary"',
    );
    expect(buildApiReferenceView(document, translatorOf(new Map(), 'en')).paths[0]!.operations[0]!.summary).toBe(
      buildApiReferenceView(document).paths[0]!.operations[0]!.summary,
    );
  });
});
