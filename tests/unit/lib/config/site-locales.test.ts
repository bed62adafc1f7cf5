import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteLocalesOf } from '../../../../src/lib/config/site-locales.ts';
import { LOCALE_RULES } from '../../../../src/lib/content/locales.ts';

const ROOT = '/project';
const folders = mkdtempSync(join(tmpdir(), 'site-locales-'));
afterAll(() => rmSync(folders, { recursive: true, force: true }));

/** A folder for SITE_LOCALES_DIR holding `list` as locales.json (unless undefined) and, with `content`, content/. */
function folder(name: string, list: unknown, content = true): string {
  const dir = join(folders, name);
  mkdirSync(content ? join(dir, 'content') : dir, { recursive: true });
  if (list !== undefined)
    writeFileSync(join(dir, 'locales.json'), typeof list === 'string' ? list : JSON.stringify(list));
  return dir;
}

const THREE = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
];

describe('SITE_LOCALES_DIR', () => {
  it('unset or empty: the site’s own list and content/', () => {
    for (const env of [{}, { SITE_LOCALES_DIR: ' ' }]) {
      expect(siteLocalesOf(env, ROOT, LOCALE_RULES)).toEqual({
        list: LOCALE_RULES.shipped,
        contentDir: '/project/content',
      });
    }
  });

  it('a folder with a list and content: its languages, from its content folder', () => {
    const dir = folder('three', THREE);
    expect(siteLocalesOf({ SITE_LOCALES_DIR: dir }, ROOT, LOCALE_RULES)).toEqual({
      list: THREE,
      contentDir: join(dir, 'content'),
    });
  });

  it.each([
    ['no folder', join(folders, 'nowhere'), 'must be a folder'],
    ['no list', folder('no-list', undefined), 'must hold locales.json, the list of its languages'],
    ['no content', folder('no-content', THREE, false), 'must hold content/, the folder of its languages’ files'],
    ['a list that is not JSON', folder('not-json', '[{'), 'locales.json is not JSON'],
    ['an empty list', folder('empty', []), 'locales.json must list at least one language'],
    [
      'a code that is no language code',
      folder('bad-code', [{ code: 'en-GB', label: 'English' }]),
      'locales.json at 0.code must be a two- or three-letter language code in lower case, such as "fr"',
    ],
    [
      'a language the catalog does not describe markers in',
      folder('pl', [...THREE, { code: 'pl', label: 'Polski' }]),
      'locales.json at 3.code must be one the catalog names markers in (en, de, fr, es, it, nl, sv)',
    ],
    ['a code twice', folder('twice', [...THREE, THREE[2]]), 'locales.json must list each code once'],
    [
      'a language without a name',
      folder('no-label', [{ code: 'en', label: ' ' }]),
      'locales.json at 0.label must name the language',
    ],
  ])('%s: a configuration error naming the variable and the reason', (_what, dir, why) => {
    const parse = () => siteLocalesOf({ SITE_LOCALES_DIR: dir }, ROOT, LOCALE_RULES);
    expect(parse).toThrow(`Invalid configuration:\n  SITE_LOCALES_DIR=${JSON.stringify(dir)}: ${why}`);
  });
});
