// What `npm run build` compiles to dist/node/main.mjs: V8's code cache on, then the server.
// A static import would be linked, and so compiled, before the cache could be turned on.
import { enableCompileCache } from 'node:module';
import { capYoungGeneration, youngGenerationConfigured } from './young-generation-cap.ts';

/**
 * libuv's pool size unless the operator set one (read when the pool starts, after this line): two keep a thread
 * free for a file read while a compression runs, and each thread's malloc arena costs RSS (docs/performance.md).
 */
const THREAD_POOL_SIZE = '2';

if (!process.env['UV_THREADPOOL_SIZE']) process.env['UV_THREADPOOL_SIZE'] = THREAD_POOL_SIZE;

/** Young-generation cap in MB unless the operator set one: V8 grows it on bursts and keeps it (docs/performance.md). */
const YOUNG_GENERATION_MAX_MB = 8;

if (!youngGenerationConfigured(process.execArgv, process.env['NODE_OPTIONS'])) {
  capYoungGeneration(YOUNG_GENERATION_MAX_MB);
}

// Later starts of the same build reuse compiled code (NODE_COMPILE_CACHE, else the temp directory); an unwritable
// cache only leaves start-up as it was.
enableCompileCache();
await import('./main.ts');
