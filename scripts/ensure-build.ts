// `npm start` builds first when there is no build (README: "npm ci && npm start").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry)) {
  process.stdout.write('No build found in dist/: running `astro build` first.\n');
  const astro = new URL('../node_modules/astro/bin/astro.mjs', import.meta.url);
  const result = spawnSync(process.execPath, [astro.pathname, 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
