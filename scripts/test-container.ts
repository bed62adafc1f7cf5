// `npm run test:container`: from nothing but `npm ci`, builds the image with podman and
// proves it against running containers (tests/container/). Installs podman, runc and debootstrap
// when missing and makes a stand-in for the official base image (scripts/container/prepare.sh).
// CONTAINER_TEST=smoke builds the runtime stage only, from this checkout's own build instead of the
// build stage's, and runs the image's own checks (tests/container/image.test.ts), without the
// rolling restart behind nginx. Ends with the time each phase took.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTAINERS_CONF } from '../tests/helpers/podman.ts';

/** The image the tests run, rebuilt each time; podman's layer cache keeps a rebuild of unchanged steps quick. */
const IMAGE = 'localhost/biomarker-catalog:test';
const SMOKE = process.env['CONTAINER_TEST'] === 'smoke';
const env = { ...process.env, CONTAINERS_CONF };

const timings: Array<[string, number]> = [];
let mark = performance.now();
const phase = (name: string, seconds = (performance.now() - mark) / 1000) => {
  timings.push([name, seconds]);
  mark = performance.now();
};

/** Runs a command with its output shown; stops the run when it fails. */
function run(command: string, args: readonly string[], options: { capture?: boolean } = {}): string {
  const result = spawnSync(command, args, {
    env,
    encoding: 'utf8',
    stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  });
  if (result.status !== 0) {
    report();
    process.stderr.write(`test:container: ${command} ${args.join(' ')} failed (exit ${result.status})\n`);
    process.exit(1);
  }
  return result.stdout ?? '';
}

/**
 * A folder laid out as the `build` stage leaves /app (package.json and dist/), from this checkout's
 * build (made first when missing), inside `context` so that it is removed with it.
 */
function hostBuild(context: string): string {
  run(process.execPath, ['scripts/ensure-build.ts']);
  const stage = join(context, '.build-stage');
  cpSync('package.json', join(stage, 'app', 'package.json'));
  cpSync('dist', join(stage, 'app', 'dist'), { recursive: true });
  return stage;
}

/** Prints each phase's time and the total. */
function report(): void {
  const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
  process.stdout.write(`\nnpm run test:container${SMOKE ? ' (smoke)' : ''}, phase by phase:\n`);
  for (const [name, seconds] of timings)
    process.stdout.write(`  ${name.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s\n`);
  process.stdout.write(`  ${'total'.padEnd(18)} ${total.toFixed(0).padStart(5)} s\n`);
}

// Distribution packages and the stand-in base image, each only when missing.
const prepared = run('scripts/container/prepare.sh', [], { capture: true });
for (const [, name, ms] of prepared.matchAll(/^phase (\S+) (\d+)$/gm)) phase(name!, Number(ms) / 1000);
const base = /^base (\S+)$/m.exec(prepared)?.[1];
if (base === undefined) throw new Error(`scripts/container/prepare.sh named no base image:\n${prepared}`);
mark = performance.now();

// The build context of a clean checkout: the files git tracks or would track, nothing built here
// (dist/, node_modules/) and nothing it ignores.
const context = mkdtempSync(join(tmpdir(), 'catalog-image-'));
try {
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { capture: true });
  for (const file of files.split('\0').filter((name) => name !== '')) {
    cpSync(file, join(context, file), { recursive: true, errorOnExist: false, force: true });
  }
  // Smoke: the Dockerfile's `build` stage replaced by this checkout's own build (npm test has made
  // it), so only the runtime stage is built, in seconds; the full run builds both stages.
  const buildStage = SMOKE ? [`--build-context`, `build=${hostBuild(context)}`] : [];
  // --network=host: `RUN npm ci` reaches the registry as this machine does. --format docker keeps
  // the HEALTHCHECK (the OCI image format has no such field).
  const build = ['podman', 'build', '--format', 'docker', '--network=host', ...buildStage];
  run('nice', ['-n', '10', ...build, '--build-arg', `NODE_IMAGE=${base}`, '-t', IMAGE, context]);
} finally {
  rmSync(context, { recursive: true, force: true });
}
phase('image build');

const files = SMOKE ? ['tests/container/image.test.ts'] : [];
const tests = spawnSync('npx', ['vitest', 'run', '--project', 'container', ...files], {
  stdio: 'inherit',
  env: { ...env, CONTAINER_IMAGE: IMAGE, CONTAINER_BASE_IMAGE: base },
});
phase(SMOKE ? 'smoke tests' : 'tests');
report();
if (tests.status !== 0) {
  process.stderr.write('npm run test:container: the tests failed\n');
  process.exit(1);
}
