import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ENGLISH_UI_STRINGS_FILE,
  UI_STRINGS_TYPE_FILE,
  uiStringsType,
} from '../../../../scripts/ui-strings/ui-strings-type.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../../../src/lib/content/locales.ts';
import { placeholdersOf, UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';

/**
 * Every string of a locale by its key path, with its placeholders; a list of words (search fillers) and a mapping of
 * word lists (search words by marker key) count as one entry each, since a locale lists the words its readers use.
 */
function shape(strings: unknown, path = ''): Record<string, string> {
  if (typeof strings === 'string') return { [path]: placeholdersOf(strings).join(' ') };
  if (Array.isArray(strings)) return { [path]: 'words' };
  if (typeof strings !== 'object' || strings === null) return { [path]: typeof strings };
  const entries = Object.entries(strings);
  if (entries.length > 0 && entries.every(([, value]) => Array.isArray(value))) return { [path]: 'word lists' };
  return Object.fromEntries(entries.flatMap(([key, value]) => Object.entries(shape(value, `${path}.${key}`))));
}

describe('the interface strings', () => {
  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    'content/i18n/%s.yaml has the keys of the English file, each string with its placeholders',
    (locale) => {
      expect(shape(readUiStrings(locale))).toEqual(shape(readUiStrings(DEFAULT_LOCALE)));
    },
  );

  it('tells a missing key, an extra key and a lost placeholder apart', () => {
    const english = shape(readUiStrings('en'));
    const german = structuredClone(readUiStrings('de')) as { lastUpdated?: string; overview?: string; extra?: string };
    german.lastUpdated = 'Zuletzt aktualisiert';
    delete german.overview;
    german.extra = 'x';
    const broken = shape(german);
    expect(broken['.lastUpdated']).toBe('');
    expect(english['.lastUpdated']).toBe('{date}');
    expect(broken).not.toHaveProperty('.overview');
    expect(broken).toHaveProperty('.extra');
    expect(() => UiStringsSchema.parse(german)).toThrow();
  });

  it.each(LOCALES)('content/i18n/%s.yaml passes the schema derived from the English file', (locale) => {
    expect(() => UiStringsSchema.parse(readUiStrings(locale))).not.toThrow();
  });

  it('has its type generated from the English file as it is now (npm run generate:types)', () => {
    expect(readFileSync(UI_STRINGS_TYPE_FILE, 'utf8')).toBe(
      uiStringsType(readFileSync(ENGLISH_UI_STRINGS_FILE, 'utf8')),
    );
  });
});
