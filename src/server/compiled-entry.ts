// What `npm run build` compiles to dist/node/main.mjs: V8's code cache on, then the server.
// A static import would be linked, and so compiled, before the cache could be turned on.
import { enableCompileCache } from 'node:module';
import { capYoungGeneration, youngGenerationConfigured } from './young-generation-cap.ts';

/** Young-generation cap in MB unless the operator set one: V8 grows it on bursts and keeps it (docs/performance.md). */
const YOUNG_GENERATION_MAX_MB = 8;

if (!youngGenerationConfigured(process.execArgv, process.env['NODE_OPTIONS'])) {
  capYoungGeneration(YOUNG_GENERATION_MAX_MB);
}

// Later starts of the same build reuse compiled code (NODE_COMPILE_CACHE, else the temp directory); an unwritable
// cache only leaves start-up as it was.
enableCompileCache();
await import('./main.ts');
