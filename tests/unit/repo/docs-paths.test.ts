import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The README and every page under docs/: the architecture map and the tuning table name files by path. */
const DOCUMENTS = ['README.md', ...readdirSync('docs').map((name) => `docs/${name}`)];

/** Repository paths a document names in code spans: `src/…`, `scripts/…`, `tests/…`, `deploy/…`. */
function namedPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
    const path = span!.replace(/[:#].*$/, '');
    if (/^(src|scripts|tests|deploy)\/[\w./[\]-]+$/.test(path) && !path.includes('…') && !path.includes('<')) {
      paths.add(path);
    }
  }
  return [...paths];
}

describe('the README and docs/ name files that exist', () => {
  it.each(DOCUMENTS)('%s', (document) => {
    const missing = namedPaths(readFileSync(document, 'utf8')).filter((path) => !existsSync(path));
    expect(missing, `${document} names paths that do not exist`).toEqual([]);
  });

  it('finds the paths it checks', () => {
    expect(namedPaths(readFileSync('README.md', 'utf8'))).toContain('src/server/main.ts');
  });
});
