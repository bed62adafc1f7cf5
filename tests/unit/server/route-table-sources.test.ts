import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PATH_ROUTES } from '../../../src/server/routes.ts';

/**
 * The route table is the one place a path of the API or of a site document is served from, and the constants it reads
 * are the one place each is spelled: a path written out anywhere else in `src/` drifts from the table unnoticed. So is
 * `send*` the one way to write a response: a raw `writeHead` outside `src/server/http/` skips the exchange's headers.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = join(ROOT, 'src');

/** Where the paths are spelled: the table, and the constants it reads. */
const SPELLED_IN = new Set([
  'src/server/routes.ts',
  'src/lib/schemas/site-paths.ts',
  'src/lib/schemas/catalog.ts',
  'src/lib/schemas/oauth.ts',
  'src/lib/schemas/health.ts',
  'src/lib/content/page-registry.ts',
]);

/** Source files of `src/`, by path from the project root; the generated API types are the OpenAPI document's. */
function sources(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path.endsWith(join('src', 'generated')) ? [] : sources(path);
    return /\.(ts|mts|mjs|astro|tsx)$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

/** A file's code without its comments: a comment may name a path, the code must not. */
const code = (file: string): string =>
  readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The paths of the table, each matched as a whole path (not `/llms.txt.ts`), and any well-known URI. */
const PATTERNS = [
  ...[...PATH_ROUTES.keys()].map((path) => ({ path, pattern: new RegExp(`(?<![\\w.-])${escape(path)}(?![\\w.-])`) })),
  { path: '/.well-known/', pattern: /\/\.well-known\// },
];

const FILES = sources();

describe('the route table spells its paths', () => {
  it('finds the source files and the table', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(PATH_ROUTES.size).toBeGreaterThan(10);
    for (const file of SPELLED_IN) expect(FILES).toContain(file);
  });

  it.each(FILES.filter((file) => !SPELLED_IN.has(file)))('%s spells no path of the table', (file) => {
    const text = code(file);
    const spelled = PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ path }) => path);
    expect(spelled).toEqual([]);
  });

  it('would see a path spelled in code, and not one in a comment', () => {
    const { pattern } = PATTERNS.find(({ path }) => path === '/sitemap.xml')!;
    expect(pattern.test('const a = `${baseUrl}/sitemap.xml`;')).toBe(true);
    expect(pattern.test('<a href="/sitemap.xml">')).toBe(true);
    expect(pattern.test("import x from './sitemap.xml.ts';")).toBe(false);
  });
});

describe('one way to write a response', () => {
  it.each(FILES.filter((file) => !file.startsWith('src/server/http/')))('%s writes no head by hand', (file) => {
    expect(code(file)).not.toMatch(/\.writeHead\(/);
  });
});
