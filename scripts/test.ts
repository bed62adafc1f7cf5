// `npm test`: every check, in order, stopping at the first that fails; then how long each took,
// so a phase that grows is seen at once.
import { spawnSync } from 'node:child_process';

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

const timings: Array<[string, number]> = [];
let failed: string | undefined;
for (const phase of PHASES) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', phase], { stdio: 'inherit' });
  timings.push([phase, (performance.now() - started) / 1000]);
  if (run.status !== 0) {
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
