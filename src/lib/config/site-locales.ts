import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** One language of a list shaped as `LOCALE_CONFIG` (src/lib/content/locales.ts). */
export interface LocaleEntry {
  /** The URL prefix, the BCP 47 tag of the pages and the stem of the translation files. */
  code: string;
  /** Its name in that language. */
  label: string;
}

/**
 * The languages a build or a development server makes the site in, and the content folder their files are read from:
 * from `SITE_LOCALES_DIR` (docs/configuration.md). Unset, the site's own list (`LOCALE_CONFIG`) and `content/`; set, a
 * folder that holds a list of its own (`locales.json`, shaped as `LOCALE_CONFIG`) and the `content/` folder with
 * every file of those languages (a test's site with a third language). astro.config.mjs hands both to the bundle;
 * the site server run from source (`npm run dev`) and the build's scripts read the list through locales.ts.
 */
export interface SiteLocales {
  /** The languages, the default first. */
  list: readonly LocaleEntry[];
  /** The absolute path of the content folder (`content/` of the project unless `SITE_LOCALES_DIR` is set). */
  contentDir: string;
}

/** What the list is checked against: the site's own list and the languages the catalog describes markers in. */
export interface LocaleRules {
  shipped: readonly LocaleEntry[];
  catalogLocales: readonly string[];
}

/** The list in `locales.json`: at least one language, each code once and one the catalog describes markers in. */
const localeListSchema = (catalogLocales: readonly string[]) =>
  z
    .array(
      z.strictObject({
        code: z
          .string()
          .regex(/^[a-z]{2,3}$/, 'must be a two- or three-letter language code in lower case, such as "fr"')
          .refine((code) => catalogLocales.includes(code), {
            message: `must be one the catalog names markers in (${catalogLocales.join(', ')})`,
          }),
        label: z.string().trim().min(1, 'must name the language'),
      }),
    )
    .min(1, 'must list at least one language')
    .refine((list) => new Set(list.map((locale) => locale.code)).size === list.length, 'must list each code once');

/** A bad `SITE_LOCALES_DIR`, worded as a bad variable of the start-up configuration is (config.ts). */
class SiteLocalesError extends Error {
  override name = 'ConfigError';
}

const bad = (value: string, why: string) =>
  new SiteLocalesError(`Invalid configuration:\n  SITE_LOCALES_DIR=${JSON.stringify(value)}: ${why}`);

/**
 * The site's languages and content folder from `env` (a relative `SITE_LOCALES_DIR` is taken from the working folder);
 * `root` is the project's folder. Throws an error naming the variable and the reason.
 */
export function siteLocalesOf(
  env: Readonly<Record<string, string | undefined>>,
  root: string,
  rules: LocaleRules,
): SiteLocales {
  const value = env['SITE_LOCALES_DIR']?.trim() ?? '';
  if (value === '') return { list: rules.shipped, contentDir: join(root, 'content') };
  const dir = resolve(value);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw bad(value, 'must be a folder');
  const listFile = join(dir, 'locales.json');
  const contentDir = join(dir, 'content');
  if (!existsSync(listFile)) throw bad(value, 'must hold locales.json, the list of its languages');
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw bad(value, 'must hold content/, the folder of its languages’ files');
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch (error) {
    throw bad(value, `locales.json is not JSON (${(error as Error).message})`);
  }
  const parsed = localeListSchema(rules.catalogLocales).safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue!.path.length === 0 ? '' : ` at ${issue!.path.join('.')}`;
    throw bad(value, `locales.json${where} ${issue!.message}`);
  }
  return { list: parsed.data, contentDir };
}

/** {@link siteLocalesOf}, or exits with the message (exit code 78, as a bad runtime variable does). */
export function siteLocalesOrExit(
  env: Readonly<Record<string, string | undefined>>,
  root: string,
  rules: LocaleRules,
): SiteLocales {
  try {
    return siteLocalesOf(env, root, rules);
  } catch (error) {
    if (!(error instanceof SiteLocalesError)) throw error;
    process.stderr.write(`${error.message}\nSee docs/configuration.md.\n`);
    process.exit(78);
  }
}
