// `npm run build`, after `astro build`: what the server loads at start-up, prepared once.
import { compileCatalog } from './build/compile-catalog.ts';
import { compileServer } from './build/compile-server.ts';
import { prerender } from './build/prerender.ts';

await compileCatalog();
await compileServer();
const rendered = await prerender();
process.stdout.write(
  `Compiled the catalog data (dist/catalog/) and the server (dist/node/); rendered ${rendered} pages and documents (dist/prepared/).\n`,
);
// The Astro app's private listener and its modules would keep the process alive.
process.exit(0);
