import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` drives modules and middleware as Request → Response with no
 * server; `integration` starts the built server (run `npm run build` first) on free
 * ports and speaks real HTTP to it.
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
          environment: 'node',
          // Checks every response from a documented path against the OpenAPI document (issue 5).
          setupFiles: ['tests/helpers/contract/contract-fetch-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Two cores: servers under test and the tests themselves share them.
          maxWorkers: 2,
        },
      },
    ],
  },
});
