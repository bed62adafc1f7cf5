// What `npm run build` compiles to dist/node/main.mjs: V8's code cache on, then the server.
// A static import would be linked, and so compiled, before the cache could be turned on.
import { enableCompileCache } from 'node:module';

// Parsing and compiling the bundle is about a fifth of start-up; later starts of the same build
// reuse the compiled code from the cache (NODE_COMPILE_CACHE, else the system's temporary
// directory). The first start after a build, or in a fresh container, fills it. A cache that
// cannot be written (a read-only disk) only leaves start-up as it was.
enableCompileCache();
await import('./main.ts');
