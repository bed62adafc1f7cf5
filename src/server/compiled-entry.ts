// What `npm run build` compiles to dist/node/main.mjs: V8's code cache on, then the server.
// A static import would be linked, and so compiled, before the cache could be turned on.
import { enableCompileCache } from 'node:module';

/**
 * libuv's thread pool size unless the operator chose one: read when the pool first starts,
 * which is after this line. The pool compresses prepared bodies (Brotli quality 11) and
 * catalog panels; each of its threads keeps its own malloc arena, and with libuv's default
 * of 4 the arenas held about 13 MB more at idle (RSS 102–104 MB against 94–98 MB with 1 or
 * 2, measured). Two keep one thread free for a DNS lookup or file read while a long
 * compression runs, on a server that needs neither on its request paths.
 */
const THREAD_POOL_SIZE = '2';

if (!process.env['UV_THREADPOOL_SIZE']) process.env['UV_THREADPOOL_SIZE'] = THREAD_POOL_SIZE;

// Parsing and compiling the bundle is about a fifth of start-up; later starts of the same build
// reuse the compiled code from the cache (NODE_COMPILE_CACHE, else the system's temporary
// directory). The first start after a build, or in a fresh container, fills it. A cache that
// cannot be written (a read-only disk) only leaves start-up as it was.
enableCompileCache();
await import('./main.ts');
