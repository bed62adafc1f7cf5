// What `npm run build` compiles to dist/node/main.mjs: V8's code cache on, then the server.
// A static import would be linked, and so compiled, before the cache could be turned on.
import { enableCompileCache } from 'node:module';
import { capYoungGeneration, youngGenerationConfigured } from './young-generation-cap.ts';

/**
 * libuv's thread pool size unless the operator chose one: read when the pool first starts,
 * which is after this line. The pool compresses bodies, and each of its threads keeps a
 * malloc arena of its own (docs/performance.md); two keep one thread free for a file read
 * while a long compression runs.
 */
const THREAD_POOL_SIZE = '2';

if (!process.env['UV_THREADPOOL_SIZE']) process.env['UV_THREADPOOL_SIZE'] = THREAD_POOL_SIZE;

/**
 * The young generation's cap in MB, unless the operator sized it: V8 alone grows it on
 * start-up's parsing and compression and on any burst of requests, and keeps it grown
 * (what the cap saves, at the same CPU per request: docs/performance.md).
 */
const YOUNG_GENERATION_MAX_MB = 8;

if (!youngGenerationConfigured(process.execArgv, process.env['NODE_OPTIONS'])) {
  capYoungGeneration(YOUNG_GENERATION_MAX_MB);
}

// Parsing and compiling the bundle is about a fifth of start-up; later starts of the same build
// reuse the compiled code from the cache (NODE_COMPILE_CACHE, else the system's temporary
// directory). The first start after a build, or in a fresh container, fills it. A cache that
// cannot be written (a read-only disk) only leaves start-up as it was.
enableCompileCache();
await import('./main.ts');
