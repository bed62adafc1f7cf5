// `npm test`: every check, two at a time where they do not depend on each other, stopping once one fails; then how
// long each took, so a phase that grows is seen at once.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { stripVTControlCharacters } from 'node:util';

/**
 * The npm scripts `npm test` runs, each with the phases it waits for, in the order they start when several are ready
 * (longest first). The checks are single-threaded programs, so two share the two cores. `astro check` writes the
 * generated types (`.astro/`) that ESLint's type-aware rules and knip read, so those two wait for it, and the build
 * (which writes them again) comes after it; the unit tests read neither and start at once beside it. The integration
 * and browser tests run alone, each filling the cores with workers of its own.
 */
const PHASES: ReadonlyArray<{ name: string; after: string[] }> = [
  { name: 'typecheck', after: [] },
  { name: 'test:unit', after: [] },
  { name: 'build', after: ['typecheck'] },
  { name: 'lint:promises', after: ['typecheck'] },
  { name: 'format:check', after: [] },
  { name: 'lint:unused', after: ['typecheck'] },
  { name: 'lint:deps', after: [] },
  { name: 'lint:openapi', after: [] },
  {
    name: 'test:integration',
    after: ['format:check', 'lint:openapi', 'lint:deps', 'lint:unused', 'lint:promises', 'test:unit', 'build'],
  },
  { name: 'test:e2e', after: ['test:integration'] },
];

/** Phases that run alone: their own workers use every core. */
const ALONE = new Set(['test:integration', 'test:e2e']);

/** Phases at a time: one per core (two on the CI machine). */
const CONCURRENCY = Math.max(1, Math.min(2, availableParallelism()));

/** The warning lines of a build's output: a build prints none, and one that does fails the build phase. */
const buildWarnings = (output: string): string[] =>
  stripVTControlCharacters(output)
    .split('\n')
    .filter((line) => /\[WARN\]|\bwarning\b/i.test(line));

/**
 * Runs `npm run <phase>`. Alone, its output goes straight to the terminal; beside another phase, it is kept and
 * printed in one piece when the phase ends, so two phases' lines never interleave.
 */
function run(phase: string, alone: boolean): Promise<{ ok: boolean; seconds: number }> {
  const started = performance.now();
  const captured = !alone || phase === 'build';
  const child = spawn('npm', ['run', phase], { stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      const output = Buffer.concat(chunks).toString('utf8');
      if (captured) process.stdout.write(`\n── npm run ${phase} ──\n${output}`);
      const warnings = phase === 'build' ? buildWarnings(output) : [];
      if (warnings.length > 0) process.stderr.write(`npm test: the build printed warnings:\n${warnings.join('\n')}\n`);
      resolve({ ok: code === 0 && warnings.length === 0, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const timings = new Map<string, number>();
const finished = new Set<string>();
const running = new Set<string>();
const failed: string[] = [];
const started = performance.now();

/** Starts every phase whose predecessors have passed, as long as a core is free; resolves when all have ended. */
async function schedule(): Promise<void> {
  const pending = PHASES.filter(({ name }) => !finished.has(name) && !running.has(name));
  const ready = pending.filter(({ after }) => after.every((name) => finished.has(name)));
  const launches: Array<Promise<void>> = [];
  for (const { name } of ready) {
    if (failed.length > 0) break;
    const alone = ALONE.has(name);
    if (running.size >= CONCURRENCY || (alone && running.size > 0) || [...running].some((r) => ALONE.has(r))) break;
    running.add(name);
    launches.push(
      run(name, alone).then(async ({ ok, seconds }) => {
        running.delete(name);
        timings.set(name, seconds);
        if (ok) finished.add(name);
        else failed.push(name);
        await schedule();
      }),
    );
  }
  await Promise.all(launches);
}

await schedule();
process.stdout.write('\nnpm test, phase by phase (two at a time where they do not depend on each other):\n');
for (const { name } of PHASES) {
  const seconds = timings.get(name);
  if (seconds !== undefined) process.stdout.write(`  ${name.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s\n`);
}
process.stdout.write(`  ${'total'.padEnd(18)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s\n`);
if (failed.length > 0 || finished.size < PHASES.length) {
  process.stderr.write(`npm test: ${failed.join(', ') || 'a phase'} failed\n`);
  process.exit(1);
}
