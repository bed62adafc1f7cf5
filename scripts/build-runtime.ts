// `npm run build`, after `astro build`: what the server loads at start-up, prepared once.
import { compileCatalog } from './build/compile-catalog.ts';
import { compileServer } from './build/compile-server.ts';
import { prerender } from './build/prerender.ts';
import { buildSearchIndex } from './build/search-index.ts';

await compileCatalog();
await compileServer();
const rendered = await prerender();
const indexed = await buildSearchIndex();
process.stdout.write(
  `Compiled the catalog data (dist/catalog/) and the server (dist/node/); rendered ${rendered} pages and documents (dist/prepared/); indexed ${indexed} pages and markers for search (dist/client/pagefind/).\n`,
);
// The Astro app the prerender loaded keeps timers of its own that would hold the process open.
process.exit(0);
