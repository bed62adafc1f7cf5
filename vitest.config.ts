import { configDefaults, defineConfig } from 'vitest/config';

/** Integration tests that measure latency under load; they run alone (see below). */
const LOAD_TESTS = 'tests/integration/**/*.load.test.ts';

/**
 * Four projects: `unit` drives modules and middleware as Request → Response with no
 * server; `integration` starts the built server (run `npm run build` first) on free
 * ports and speaks real HTTP to it; `integration-load` does the same with latency
 * budgets, one file at a time after the others, so that no other server under test
 * competes with it for the two cores; `container` runs the image (only under
 * `npm run test:container`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, LOAD_TESTS],
          environment: 'node',
          // Checks every response from a documented path against the OpenAPI document
          // (docs/service.md, "OpenAPI": contract tests).
          setupFiles: ['tests/helpers/contract/contract-fetch-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Two cores: servers under test and the tests themselves share them.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // The image, built by `npm run test:container` (scripts/test-container.ts), which runs this
          // project alone; npm test does not.
          name: 'container',
          include: ['tests/container/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time: each runs containers and load that the other must not compete with.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'integration-load',
          include: [LOAD_TESTS],
          environment: 'node',
          setupFiles: ['tests/helpers/contract/contract-fetch-setup.ts'],
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
