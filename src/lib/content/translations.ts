/**
 * How the site finds a language's translation files: by the language's code, in the folders that hold them, never
 * imported by name. A translation a language of the list lacks is a build error naming the language, the file and
 * the key, not a silent fallback to the default language (README.md, "Adding a language").
 */

/** The error of a translation a language lacks: a missing file, or a key the file does not hold. */
export function missingTranslation(locale: string, file: string, key?: string): Error {
  const what = key === undefined ? `${file} is missing` : `${file} has no ${JSON.stringify(key)}`;
  return new Error(`Missing translation for locale "${locale}": ${what}`);
}

/**
 * Files bundled by a glob (`import.meta.glob` with `?raw`), keyed by their path below `folder` (`de.yaml`,
 * `agents-fetch/curl.sh`): the one form in which the build and the tests hand translation files around.
 */
export const filesBelow = (folder: string, globbed: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(globbed).map(([path, text]) => [
      path.slice(path.lastIndexOf(`/${folder}/`) + folder.length + 2),
      text,
    ]),
  );

/**
 * The file `<code>.<extension>` of every language but the default (the first of `locales`), from `files` keyed by
 * name; throws for a language without one. `folder` names where they are, for the message (`content/i18n/openapi`).
 */
export function fileOfEachLocale(
  files: Readonly<Record<string, string>>,
  folder: string,
  locales: readonly string[],
  extension = 'yaml',
): Map<string, string> {
  return new Map(
    locales.slice(1).map((locale) => {
      const text = files[`${locale}.${extension}`];
      if (text === undefined) throw missingTranslation(locale, `${folder}/${locale}.${extension}`);
      return [locale, text];
    }),
  );
}
