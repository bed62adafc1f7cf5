// `npm test`: every check, in order, stopping at the first that fails; then how long each took,
// so a phase that grows is seen at once.
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

/** The npm scripts `npm test` runs. */
const PHASES = [
  'typecheck',
  'format:check',
  'lint:openapi',
  'lint:deps',
  'lint:unused',
  'lint:promises',
  'build',
  'test:unit',
  'test:integration',
  'test:e2e',
];

/**
 * The warnings a build prints that the project cannot silence, each with its reason; any other warning fails the
 * build phase. Starlight adds @astrojs/sitemap, which needs `site` (the server writes its own sitemap), with no way
 * to opt out; Starlight reads its `docs` collection, which stays empty (the guide's pages are the `pages` collection).
 */
const UPSTREAM_WARNINGS = [
  /\[@astrojs\/sitemap\] The Sitemap integration requires the `site` astro\.config option/,
  /\[content\] The collection "docs" does not exist or is empty/,
];

/** Runs `npm run build`, printing its output, and says which warning lines it printed besides the upstream ones. */
function build(): { status: number | null; warnings: string[] } {
  const run = spawnSync('npm', ['run', 'build'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  const warnings = stripVTControlCharacters(`${run.stdout}\n${run.stderr}`)
    .split('\n')
    .filter((line) => /\[WARN\]|\bwarning\b/i.test(line) && !UPSTREAM_WARNINGS.some((known) => known.test(line)));
  return { status: run.status, warnings };
}

const timings: Array<[string, number]> = [];
let failed: string | undefined;
for (const phase of PHASES) {
  const started = performance.now();
  const run = phase === 'build' ? build() : { ...spawnSync('npm', ['run', phase], { stdio: 'inherit' }), warnings: [] };
  timings.push([phase, (performance.now() - started) / 1000]);
  if (run.warnings.length > 0)
    process.stderr.write(`npm test: the build printed warnings:\n${run.warnings.join('\n')}\n`);
  if (run.status !== 0 || run.warnings.length > 0) {
    failed = phase;
    break;
  }
}
const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
process.stdout.write('\nnpm test, phase by phase:\n');
for (const [phase, seconds] of timings)
  process.stdout.write(`  ${phase.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s\n`);
process.stdout.write(`  ${'total'.padEnd(18)} ${total.toFixed(0).padStart(5)} s\n`);
if (failed !== undefined) {
  process.stderr.write(`npm test: ${failed} failed\n`);
  process.exit(1);
}
