import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { readContentFiles } from '../../../../scripts/check-translations.ts';
import { buildApiReferenceView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import { parseOpenApiTranslations, translatorOf } from '../../../../src/lib/api-reference/openapi-translations.ts';
import { parseChangelog } from '../../../../src/lib/changelog/changelog-schema.ts';
import { LOCALE_RULES } from '../../../../src/lib/content/locales.ts';
import { uiStringsSchemaOf } from '../../../../src/lib/content/ui-strings-schema.ts';
import type { OpenApiDocument } from '../../../../src/lib/openapi/openapi-types.ts';
import { parseSampleLabels, parseSampleTranslations } from '../../../../src/lib/samples/sample-translations.ts';
import { checkTranslations, type ContentFiles } from '../../../../src/lib/site-pages/translation-check.ts';
import { writeThirdLocaleSite } from '../../../fixtures/third-locale/site-folder.ts';
import { openApiDocumentFor } from '../../../helpers/openapi-fixture.ts';

/** The fixture: the site's layout with a third language, French, beside the English and German it ships. */
const FIXTURE = new URL('../../../fixtures/third-locale/', import.meta.url);
const LIST = JSON.parse(readFileSync(new URL('locales.json', FIXTURE), 'utf8')) as Array<{
  code: string;
  label: string;
}>;
const LOCALES = LIST.map((locale) => locale.code);
const DOCUMENT = JSON.parse(readFileSync(new URL('openapi.json', FIXTURE), 'utf8')) as OpenApiDocument;
const FILES = readContentFiles(fileURLToPath(new URL('content', FIXTURE)));

/** The fixture's files with one of them changed (`edit` returns its new text) or removed (`edit` returns undefined). */
function without(path: string, edit?: (data: never) => unknown): ContentFiles {
  const { [path]: text, ...rest } = FILES;
  return edit === undefined ? rest : { ...rest, [path]: stringify(edit(parse(text!) as never)) };
}

describe('a site with a third locale', () => {
  it('lists its languages in the shape of the site’s one list', () => {
    expect(LOCALES).toEqual(['en', 'de', 'fr']);
    expect(Object.keys(LIST[0]!)).toEqual(Object.keys(LOCALE_RULES.shipped[0]!));
  });

  it('passes the build’s translation check', () => {
    expect(() => checkTranslations(FILES, LOCALES, DOCUMENT)).not.toThrow();
  });

  it('makes a folder for SITE_LOCALES_DIR that passes the build’s translation check for the whole site', () => {
    const folder = writeThirdLocaleSite();
    try {
      const site = readContentFiles(join(folder, 'content'));
      const document = openApiDocumentFor('http://localhost:4321');
      expect(() => checkTranslations(site, LOCALES, document)).not.toThrow();
      expect(parse(site['pages/fr/index.mdx']!.split('---')[1]!)).toMatchObject({ title: 'Accueil' });
      expect(Object.keys(site).filter((path) => path.startsWith('pages/fr/'))).toHaveLength(
        Object.keys(site).filter((path) => path.startsWith('pages/en/')).length,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads every translation of the third language from its files, by its code', () => {
    const reference = buildApiReferenceView(
      DOCUMENT,
      translatorOf(
        parseOpenApiTranslations({ 'fr.yaml': FILES['i18n/openapi/fr.yaml']!, 'de.yaml': '{}' }, LOCALES),
        'fr',
      ),
    );
    expect(reference.paths[0]!.operations[0]!.summary).toBe('Disponibilité de cette instance');
    const samples = Object.fromEntries(
      Object.entries(FILES).flatMap(([path, text]) =>
        path.startsWith('samples/health/') ? [[path.slice(8), text]] : [],
      ),
    );
    const shared = { 'de.yaml': FILES['samples/de.yaml']!, 'fr.yaml': FILES['samples/fr.yaml']! };
    expect(parseSampleTranslations(samples, shared, LOCALES)('health', 'fr').apply(samples['health/curl.sh']!)).toBe(
      "# Demandez si l’instance fonctionne.\ncurl -sS '{BASE_URL}/healthz' | jq -r '\"instance : \" + .status'\n",
    );
    expect(parseSampleLabels(FILES['samples/labels.yaml']!, LOCALES).get('fr')!.outputHeading).toBe('Sortie');
    const [entry] = parseChangelog(FILES['changelog.yaml']!, 'content/changelog.yaml', LOCALES);
    expect((entry as unknown as Record<string, { title: string }>)['fr']!.title).toBe('Un point de santé');
    const ui = uiStringsSchemaOf(FILES['i18n/en.yaml']!).parse(parse(FILES['i18n/fr.yaml']!)) as { siteName: string };
    expect(ui.siteName).toBe('Site de test');
  });

  it.each([
    ['its interface strings', without('i18n/fr.yaml'), 'content/i18n/fr.yaml is missing'],
    [
      'a key of its interface strings',
      without('i18n/fr.yaml', (ui: { footer: object }) => ({ ...ui, footer: {} })),
      'content/i18n/fr.yaml has no "footer.disclaimer"',
    ],
    ['a page', without('pages/fr/index.mdx'), 'content/pages/fr/index.mdx is missing'],
    ['its API reference table', without('i18n/openapi/fr.yaml'), 'content/i18n/openapi/fr.yaml is missing'],
    [
      'a text of the API reference',
      without('i18n/openapi/fr.yaml', ({ 'schema.Health.status': _, ...rest }: Record<string, string>) => rest),
      'content/i18n/openapi/fr.yaml has no "schema.Health.status"',
    ],
    ['its shared sample passages', without('samples/fr.yaml'), 'content/samples/fr.yaml is missing'],
    [
      'a comment of a sample',
      without('samples/health/fr.yaml'),
      'content/samples/health/fr.yaml has no "# Ask whether the instance is up."',
    ],
    [
      'its sample labels',
      without('samples/labels.yaml', ({ fr: _, ...rest }: Record<string, unknown>) => rest),
      'content/samples/labels.yaml has no "fr"',
    ],
    [
      'a changelog entry’s text',
      without('changelog.yaml', ([{ fr: _, ...rest }]: [Record<string, unknown>]) => [rest]),
      'content/changelog.yaml has no "health-endpoint.fr"',
    ],
  ])('fails the build without %s, naming the locale, the file and the key', (_what, files, message) => {
    expect(() => checkTranslations(files, LOCALES, DOCUMENT)).toThrow(
      `Missing translation for locale "fr": ${message}`,
    );
  });
});
