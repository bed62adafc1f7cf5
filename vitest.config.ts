import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** The content folder the site's modules read by this alias (astro.config.mjs sets it for the build). */
const resolve = { alias: { '@site-content': fileURLToPath(new URL('content', import.meta.url)) } };

/** Integration tests that load the machine (floods, a memory burst); they run alone (see below). */
const LOAD_TESTS = 'tests/integration/**/*.load.test.ts';

/** Setup of every project that starts processes: each file's leftovers are stopped after it (tests/helpers/processes.ts). */
const STOP_STARTED = 'tests/helpers/stop-started-setup.ts';

/** Checks every response from a documented path against the OpenAPI document (docs/service.md, "OpenAPI"). */
const CONTRACT_CHECK = 'tests/helpers/contract/contract-fetch-setup.ts';

/**
 * Four projects (docs/testing.md): `unit` tests modules without a server or a socket; `integration` builds the
 * site server from the build's output (run `npm run build` first), in the test process and driven without a port
 * where it can, on a loopback port or as a process of its own where a socket or the process is the point;
 * `integration-load` does the same for the files that load the machine, one file at a time after the others, so
 * that no other server under test competes with them for the two cores; `container` runs the image (only under
 * `npm run test:container`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A worker runs its files one after the other in one module graph instead of loading it again for each
          // (two thirds of the phase's CPU time): no unit test mocks a module or stubs the environment.
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, LOAD_TESTS],
          environment: 'node',
          setupFiles: [STOP_STARTED, CONTRACT_CHECK],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Two cores, three files: a file spends much of its time waiting on timers, sockets and the processes it
          // started, which a third file fills (docs/testing.md).
          maxWorkers: 3,
          // A worker's files share one module graph, so the site's bundle and pages are loaded once per worker, not
          // once per file. Each file still gets its own setup: the contract check wraps the platform's fetch afresh
          // and forgets the servers of the file before (tests/helpers/contract/), and what a file started is stopped
          // after it (tests/helpers/processes.ts). The load tests stay isolated.
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          // The image, built by `npm run test:container` (scripts/test-container.ts), which runs this
          // project alone; npm test does not.
          name: 'container',
          include: ['tests/container/**/*.test.ts'],
          environment: 'node',
          setupFiles: [STOP_STARTED],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time: each runs containers and load that the other must not compete with.
          fileParallelism: false,
        },
      },
      {
        resolve,
        test: {
          name: 'integration-load',
          include: [LOAD_TESTS],
          environment: 'node',
          setupFiles: [STOP_STARTED, CONTRACT_CHECK],
          testTimeout: 60_000,
          hookTimeout: 30_000,
          maxWorkers: 1,
          // A later group starts once the earlier ones have finished.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
