// Build step: the server entries compiled to JavaScript, one file each plus shared chunks.
import { rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
// rolldown is the bundler Vite, and so `astro build`, already runs on: no new dependency.
import { build } from 'rolldown';

const ROOT = new URL('../../', import.meta.url);

/** Where the compiled entries and chunks land: two levels below the root, like `src/server/`, so `import.meta.url`-relative paths hold in both. */
export const COMPILED_SERVER_DIR = 'dist/node';

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/**
 * Compiles `src/server/main.ts` and `origin-main.ts` with what they import, dependencies
 * included, into `dist/node/`: Node then neither strips types (about 67 ms at start-up) nor
 * resolves hundreds of small modules. Modules a request path loads later (`import()`) stay
 * separate chunks; the Astro bundle (`dist/server/entry.mjs`) is never part of it.
 */
export async function compileServer(): Promise<void> {
  const dir = fileURLToPath(new URL(COMPILED_SERVER_DIR, ROOT));
  await rm(dir, { recursive: true, force: true }); // no chunk of an earlier build stays behind
  await build({
    input: {
      // main.ts behind the entry that turns V8's code cache on (compiled-entry.ts).
      main: fileURLToPath(new URL('src/server/compiled-entry.ts', ROOT)),
      'origin-main': fileURLToPath(new URL('src/server/origin-main.ts', ROOT)),
    },
    platform: 'node',
    external: (id) => NODE_BUILTINS.has(id),
    logLevel: 'warn',
    output: {
      dir,
      format: 'esm',
      entryFileNames: '[name].mjs',
      chunkFileNames: '[name]-[hash].mjs',
      sourcemap: true,
    },
  });
}
