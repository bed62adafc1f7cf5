import { parse } from 'yaml';
import { z } from 'zod';
import { buildApiReferenceView } from '../api-reference/build-api-reference-view.ts';
import { parseOpenApiTranslations, translatorOf } from '../api-reference/openapi-translations.ts';
import { parseChangelog } from '../changelog/changelog-schema.ts';
import { missingTranslation } from '../content/translations.ts';
import { uiStringsSchemaOf } from '../content/ui-strings-schema.ts';
import type { OpenApiDocument } from '../openapi/openapi-types.ts';
import { parseSampleLabels, parseSampleTranslations } from '../samples/sample-translations.ts';

/** The files of a content folder (`content/`), keyed by their path below it: `i18n/de.yaml`, `pages/de/auth.mdx`. */
export type ContentFiles = Readonly<Record<string, string>>;

/** The files below `folder` (`i18n/openapi/`), keyed by the rest of their path; `flat`: only those directly in it. */
const below = (files: ContentFiles, folder: string, flat = false): Record<string, string> =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(folder) && (!flat || !path.slice(folder.length).includes('/')))
      .map(([path, text]) => [path.slice(folder.length), text]),
  );

/** The value at `path` of parsed YAML, or undefined where the path leads nowhere. */
const at = (data: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) => (typeof value === 'object' && value !== null ? (value as never)[key] : undefined),
    data,
  );

/** Every language's interface strings, shaped as the default language's file (`i18n/<code>.yaml`). */
function checkUiStrings(files: ContentFiles, locales: readonly string[]): void {
  const read = (locale: string) => {
    const text = files[`i18n/${locale}.yaml`];
    if (text === undefined) throw missingTranslation(locale, `content/i18n/${locale}.yaml`);
    return text;
  };
  const schema = uiStringsSchemaOf(read(locales[0]!));
  for (const locale of locales.slice(1)) {
    const data: unknown = parse(read(locale));
    const result = schema.safeParse(data);
    if (result.success) continue;
    const issue = result.error.issues[0]!;
    if (at(data, issue.path) === undefined) {
      throw missingTranslation(locale, `content/i18n/${locale}.yaml`, issue.path.join('.'));
    }
    throw new Error(`content/i18n/${locale}.yaml: ${z.prettifyError(result.error)}`);
  }
}

/** Every page of the default language in every other one (`pages/<code>/<path>.mdx`). */
function checkPages(files: ContentFiles, locales: readonly string[]): void {
  for (const path of Object.keys(below(files, `pages/${locales[0]!}/`))) {
    for (const locale of locales.slice(1)) {
      if (files[`pages/${locale}/${path}`] === undefined)
        throw missingTranslation(locale, `content/pages/${locale}/${path}`);
    }
  }
}

/**
 * What the build requires of every language of `locales` (the default first), checked before Astro renders a page:
 * its interface strings with every key, every page, the API reference's table with every text `document` has, the
 * request samples' passages and labels, and the changelog's text of every entry. The first translation a language
 * lacks throws, naming the language, the file and the key. The site's own loaders read the same files through the same
 * parsers, so what passes here renders.
 */
export function checkTranslations(files: ContentFiles, locales: readonly string[], document: OpenApiDocument): void {
  checkUiStrings(files, locales);
  checkPages(files, locales);
  const tables = parseOpenApiTranslations(below(files, 'i18n/openapi/'), locales);
  for (const locale of locales) buildApiReferenceView(document, translatorOf(tables, locale));
  const samples = Object.fromEntries(Object.entries(below(files, 'samples/')).filter(([path]) => path.includes('/')));
  const shared = below(files, 'samples/', true);
  parseSampleTranslations(samples, shared, locales);
  parseSampleLabels(shared['labels.yaml'] ?? '', locales);
  const changelog = files['changelog.yaml'];
  if (changelog !== undefined) parseChangelog(changelog, 'content/changelog.yaml', locales);
}
