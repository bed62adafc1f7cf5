// @ts-check
// ESLint with typescript-eslint's type-aware rules for what the compiler lets through: a promise nobody awaits or
// catches (`no-floating-promises`), and a promise where a callback's result is ignored (`no-misused-promises`), whose
// rejection nobody would see. Formatting is Prettier's; unused code is knip's; the request samples in content/samples
// are the reader's programs, run by their own tests.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.astro/**',
      'test-results/**',
      'playwright-report/**',
      'src/generated/**',
      'content/samples/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.mts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
