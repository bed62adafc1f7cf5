// `npm start` builds first when there is no build (README: "npm ci && npm start").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What `npm run build` leaves: the Astro bundle, and the compiled server that `npm start` runs. */
const OUTPUTS = ['../dist/server/entry.mjs', '../dist/node/main.mjs', '../dist/prepared/rendered.json'];

if (!OUTPUTS.every((output) => existsSync(new URL(output, import.meta.url)))) {
  process.stdout.write('No complete build found in dist/: running `npm run build` first.\n');
  const astro = new URL('../node_modules/astro/bin/astro.mjs', import.meta.url);
  const astroBuild = spawnSync(process.execPath, [astro.pathname, 'build'], { stdio: 'inherit' });
  if (astroBuild.status !== 0) process.exit(astroBuild.status ?? 1);
  const runtime = new URL('build-runtime.ts', import.meta.url);
  const result = spawnSync(process.execPath, [runtime.pathname], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
