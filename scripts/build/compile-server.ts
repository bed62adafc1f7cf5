// Build step: the server entries compiled to JavaScript, one file each plus shared chunks.
import { rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
// rolldown is the bundler Vite, and so `astro build`, already runs on: no new dependency.
import { build } from 'rolldown';
import { siteLocalesOf } from '../../src/lib/config/site-locales.ts';
import { LOCALE_RULES } from '../../src/lib/content/locales.ts';

const ROOT = new URL('../../', import.meta.url);

/** Where the compiled entries and chunks land: two levels below the root, like `src/server/`, so `import.meta.url`-relative paths hold in both. */
const COMPILED_SERVER_DIR = 'dist/node';

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** The prefix of the modules `builtinsWithoutFacade` makes (`\0`: no file may claim it). */
const BUILTIN_PREFIX = '\0builtin:';

/**
 * Builtins whose ES module facade is costly, taken from `process.getBuiltinModule()` instead.
 * An `import` of a builtin builds that facade, which reads every export, lazy getters
 * included: `node:http`'s `WebSocket`, `CloseEvent` and `MessageEvent` load undici,
 * `node:crypto`'s `webcrypto` the Web Crypto API; the server uses neither (what it saves at
 * start-up: docs/performance.md, "Tuning the server keeps"). The module made here exports the builtin's plain properties only (code importing
 * a getter it leaves out fails the build as a missing export, not silently at run time).
 * Other builtins, and any `require()` of one, stay plain external imports.
 */
const FACADE_FREE = new Set(['node:http', 'node:crypto']);

const builtinsWithoutFacade = {
  name: 'builtins-without-facade',
  resolveId(id: string, _importer: string | undefined, { kind }: { kind: string }) {
    if (!NODE_BUILTINS.has(id)) return undefined;
    const name = id.startsWith('node:') ? id : `node:${id}`;
    if (kind === 'import-statement' && FACADE_FREE.has(name)) return `${BUILTIN_PREFIX}${name}`;
    return { id, external: true };
  },
  load(id: string) {
    if (!id.startsWith(BUILTIN_PREFIX)) return undefined;
    const name = id.slice(BUILTIN_PREFIX.length);
    const plain = Object.entries(Object.getOwnPropertyDescriptors(process.getBuiltinModule(name)))
      .filter(
        ([key, descriptor]) => descriptor.get === undefined && /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default',
      )
      .map(([key]) => key);
    return [
      `const builtin = process.getBuiltinModule(${JSON.stringify(name)});`,
      'export default builtin;',
      `export const { ${plain.join(', ')} } = builtin;`,
    ].join('\n');
  },
};

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
    // A package's ES module build first, as Vite resolves it for the Astro bundle: a UMD build (jsonc-parser's)
    // requires its parts by computed paths at run time, which no bundle can follow.
    resolve: { mainFields: ['module', 'main'] },
    plugins: [builtinsWithoutFacade],
    // The languages of this build, as astro.config.mjs gives them to Astro's bundle: the server routes the same ones,
    // whatever SITE_LOCALES_DIR says when it starts.
    transform: {
      define: {
        __SITE_LOCALES__: JSON.stringify(
          JSON.stringify(siteLocalesOf(process.env, fileURLToPath(ROOT), LOCALE_RULES).list),
        ),
      },
    },
    logLevel: 'warn',
    output: {
      dir,
      format: 'esm',
      entryFileNames: '[name].mjs',
      chunkFileNames: '[name]-[hash].mjs',
      // Maps give positions in src/ to a stack trace (`node --enable-source-maps`); without the sources' text,
      // which the image would otherwise ship to anyone who reads it.
      sourcemap: true,
      sourcemapExcludeSources: true,
    },
  });
}
