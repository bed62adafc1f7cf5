// `npm run dev`: the same site server as `npm start`, with Astro's development server as its
// renderer, so an edited page shows on reload and every API answer is the production one.
import { fileURLToPath } from 'node:url';
import { dev } from 'astro';
import { createCatalogService } from '../lib/catalog/catalog-service.ts';
import { ERROR_PAGES } from '../lib/content/error-page-templates.ts';
import { createLogger, describeError } from '../lib/log/logger.ts';
import { developmentHandler } from './store/astro-renderer.ts';
import { installGracefulShutdown } from './shutdown.ts';
import { listen } from './http/create-http-server.ts';
import { loadConfigOrExit } from '../lib/config/config.ts';
import type { DevelopmentRequests } from './site-server.ts';
import { createSite } from './site.ts';
import { startBundledOrigin } from './origin/start-origin.ts';

/** Paths Vite serves to the browser in development: modules, sources and its live-reload client. */
const VITE_PATH = /^\/(?:@|_astro\/|src\/|node_modules\/|\.astro\/)/;

const root = new URL('../../', import.meta.url);
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);

try {
  const origin = await startBundledOrigin(config, logger);
  let astro: Awaited<ReturnType<typeof dev>> | undefined;
  const development: DevelopmentRequests = {
    owns: (path) => VITE_PATH.test(path),
    handle: (req, res) => astro!.handle(req, res),
  };
  const site = await createSite(config, {
    logger,
    // With the bundled origin's key, so the site's own requests spend none of its quota.
    catalog: createCatalogService(origin.config, { logger }),
    // Astro's development server, once it has started below; it gets the site's services with each request.
    astro: async () => developmentHandler((req, res) => astro!.handle(req, res)),
    // `public/` as Astro serves it; the build's own files (search index, bundles) exist only after `npm run build`.
    files: { assets: fileURLToPath(new URL('public', root)) },
    development,
  });
  // Astro listens on a loopback port of its own that nothing uses; its live-reload socket
  // shares the site's port, so the page's `connect-src 'self'` allows it.
  astro = await dev({
    root: fileURLToPath(root),
    logLevel: 'warn',
    devToolbar: { enabled: false },
    server: { host: '127.0.0.1', port: 0 },
    vite: { server: { ws: { server: site.server } } },
  });
  // The styled 404 and 429 per locale, rendered now as the build renders them (prerender.ts).
  for (const page of ERROR_PAGES) {
    const rendered = await site.renderer.render(page.renderPath, 'text/html');
    if (rendered.status === 200) site.store.errorPages.put(page.key, rendered.text);
  }
  installGracefulShutdown({ site, dependencies: origin.servers }, logger, {
    delayMs: 0,
    quietMs: config.shutdownQuietMs,
    timeoutMs: config.shutdownTimeoutMs,
  });
  process.once('SIGTERM', () => void astro?.stop());
  const address = await listen(site.server, config.port, config.host);
  logger.info('listening', { service: 'site', url: `http://${address}`, baseUrl: config.baseUrl, mode: 'development' });
} catch (error) {
  logger.error('startup_failed', describeError(error));
  process.exit(1);
}
