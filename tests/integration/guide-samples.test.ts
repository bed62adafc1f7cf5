import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/content/locales.ts';
import { pagePath } from '../../src/lib/content/page-paths.ts';
import { GUIDE_PAGES } from '../../src/lib/content/page-registry.ts';
import { englishWords } from '../helpers/german-register.ts';
import {
  extractSamples,
  missingExcerptLine,
  runBounded,
  runSample,
  sampleProse,
  type SampleRun,
} from '../helpers/guide-samples.ts';
import { startInProcess, testClock, type InProcessServer } from '../helpers/site.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The samples are written below the project root, not under node_modules (Node does not
 * strip types there), so `openapi-fetch` resolves from the project's node_modules like a
 * reader's, and `./catalog-api.d.ts` is the generated type file (`npm run generate:types`).
 */
const RUN_DIR = mkdtempSync(join(ROOT, '.samples-run-'));
copyFileSync(join(ROOT, 'src/generated/openapi.d.ts'), join(RUN_DIR, 'catalog-api.d.ts'));
// The package.json `npm init -y` writes: the samples say how to save them so that they run under it.
writeFileSync(join(RUN_DIR, 'package.json'), JSON.stringify({ name: 'samples', version: '1.0.0', type: 'commonjs' }));

/**
 * One server, in this process, for every page; each page's samples run in a rate-limit window
 * of their own (the limiter's clock moves a minute on), as they would for a reader.
 */
let server: InProcessServer;
const clock = testClock();
beforeAll(async () => {
  server = await startInProcess({ LOG_LEVEL: 'error' }, { now: clock.now });
});
afterAll(async () => {
  await server?.stop();
  rmSync(RUN_DIR, { recursive: true, force: true });
});

/** Each sample may take this long; the catalog answers in milliseconds. */
const SAMPLE_TIMEOUT_MS = 20_000;
/** Children at a time: two cores, shared with the server under test. */
const CONCURRENCY = 2;
const LANGUAGES = ['curl', 'javascript', 'python', 'typescript'];

/** A shell sample without its comment-only lines. */
const withoutShellComments = (code: string): string =>
  code
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');

/**
 * Every page of the registry (the guide, the API reference's pages), whatever samples it
 * shows, and three marker pages (EU panel, UK-only panel, an index without a unit, whose line
 * ends with its name).
 */
const SLUGS = [
  ...GUIDE_PAGES.map((page) => page.slug),
  'biomarkers/ldl-cholesterol',
  'biomarkers/tibc',
  'biomarkers/homa-ir',
];
const PAGES = SLUGS.flatMap((slug) => LOCALES.map((locale) => ({ locale, path: pagePath(locale, slug) })));

/** Every sample of `content/samples/`: each must be on some page, and run there. */
const SAMPLE_DIRS = readdirSync(join(ROOT, 'content/samples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The run of each sample's code, by language and code. */
const ranAlready = new Map<string, Promise<SampleRun>>();
/** The sample ids each page shows, by locale: the German pages must show the same ones. */
const idsByPage = new Map<string, string[]>();
/** The English words of each page's sample comments, printed strings and output, by path. */
const englishByPage = new Map<string, string[]>();

describe.each(PAGES)('samples on $path', ({ locale, path }) => {
  it('each runs against the server that served the page, exits 0 and prints what the page shows', async () => {
    clock.advance(61_000);
    const response = await fetch(server.url + path, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const samples = extractSamples(await response.text());
    const ids = [...new Set(samples.map((sample) => sample.id))];
    for (const id of ids) {
      expect(samples.filter((sample) => sample.id === id).map((sample) => sample.language)).toEqual(LANGUAGES);
    }
    idsByPage.set(`${locale} ${path.replace(/^\/de(?=\/|$)/, '') || '/'}`, ids);
    // On a German page, a sample's comments and what it prints itself are German
    // (the API's own output, JSON, headers and status lines, stays as it is).
    const english = samples.flatMap((sample) =>
      englishWords([...sampleProse(sample.shown, sample.language), sample.output].join('\n')).map(
        (word) => `${sample.id} (${sample.language}): ${word}`,
      ),
    );
    englishByPage.set(path, english);
    if (locale !== DEFAULT_LOCALE) expect(english, `English in the samples of ${path}`).toEqual([]);
    const stem = `${locale}-${path.replace(/\W+/g, '-')}`;
    const runs = await runBounded(
      samples.map((sample) => () => {
        // The same code against the same server answers the same: a sample another page shows
        // word for word (the reference's, in both languages) runs once.
        const key = `${sample.language}\0${sample.code}`;
        const run =
          ranAlready.get(key) ??
          runSample(sample, RUN_DIR, `${stem}-${sample.id}-${sample.language}`, SAMPLE_TIMEOUT_MS);
        ranAlready.set(key, run);
        return run;
      }),
      CONCURRENCY,
    );
    samples.forEach((sample, index) => {
      const run = runs[index]!;
      const what = `${sample.id} (${sample.language}) on ${path}`;
      expect(run.code, `${what} exited with ${run.code}:\n${run.stderr}\n${run.stdout}`).toBe(0);
      // No warning either (a module Node had to guess the type of, an experimental feature).
      expect(run.stderr, `${what}: stderr`).toBe('');
      expect(missingExcerptLine(run.stdout, sample.output), `${what} printed:\n${run.stdout}`).toBeUndefined();
      // Every sample calls the origin of the page it is on.
      expect(sample.code).toContain(server.url);
      // What runs is what the copy button copies: the lines shown, less the comment lines
      // Expressive Code leaves out of a terminal frame's copy.
      expect(sample.code, `${what}: the copy button copies other code than is shown`).toBe(
        sample.language === 'curl' ? withoutShellComments(sample.shown) : sample.shown,
      );
    });
  }, 120_000);
});

describe('the samples as a set', () => {
  it('shows the same samples on the German pages as on the English ones', () => {
    for (const slug of SLUGS) {
      const path = pagePath('en', slug);
      expect(idsByPage.get(`de ${path}`), path).toEqual(idsByPage.get(`en ${path}`));
    }
  });

  it('finds the English of the samples on the English pages, so the German pages are checked by a check that sees it', () => {
    // Every page that shows a sample with German of its own (`de.yaml`): the reference's samples have no prose.
    const translated = new Set(SAMPLE_DIRS.filter((id) => existsSync(join(ROOT, 'content/samples', id, 'de.yaml'))));
    const slugs = SLUGS.filter((slug) => idsByPage.get(`en ${pagePath('en', slug)}`)?.some((id) => translated.has(id)));
    expect(slugs.length).toBeGreaterThanOrEqual(6);
    for (const slug of slugs) expect(englishByPage.get(pagePath('en', slug)), slug).not.toEqual([]);
  });

  it('runs every sample of content/samples/ on some page', () => {
    const shown = new Set([...idsByPage.values()].flat());
    expect(SAMPLE_DIRS.filter((id) => !shown.has(id))).toEqual([]);
  });

  it('type-checks every TypeScript sample against the generated types, with the options a reader would use', () => {
    const files = readdirSync(RUN_DIR).filter((file) => file.endsWith('-typescript.mts'));
    expect(files.length).toBeGreaterThanOrEqual(SAMPLE_DIRS.length);
    const tsc = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        ...['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext'],
        ...['--skipLibCheck', '--types', 'node'],
        ...files,
      ],
      { cwd: RUN_DIR, encoding: 'utf8', timeout: 60_000 },
    );
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  }, 90_000);
});
