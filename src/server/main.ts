import { fileURLToPath } from 'node:url';
import { ConfigError, parseConfig, type Config } from '../lib/config/config.ts';
import { createLogger, describeError } from '../lib/log/logger.ts';
import { FixedWindowLimiter } from '../lib/rate-limit/fixed-window-limiter.ts';
import { CATALOG_POLICY } from '../lib/rate-limit/headers.ts';
import { installGracefulShutdown } from './graceful-shutdown.ts';
import { listen } from './listen.ts';
import { createSiteServer, type AstroHandler } from './site-server.ts';
import { loadStaticAssets } from './static-assets.ts';

const root = new URL('../../', import.meta.url);

/** Reads the configuration, or exits with a message naming each bad variable. */
function loadConfigOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the configuration table in README.md.\n`);
      process.exit(78); // EX_CONFIG (sysexits.h)
    }
    throw error;
  }
}

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const entry = new URL('dist/server/entry.mjs', root);
let astroHandler: AstroHandler;
try {
  ({ handler: astroHandler } = (await import(entry.href)) as { handler: AstroHandler });
} catch (error) {
  logger.error('build_missing', { hint: 'run `npm run build` first', ...describeError(error) });
  process.exit(1);
}

const site = createSiteServer({
  config,
  logger,
  limiter: new FixedWindowLimiter({ ...CATALOG_POLICY, maxClients: config.rateLimitMaxClients }),
  assets: await loadStaticAssets(fileURLToPath(new URL('dist/client', root))),
  astroHandler,
});
installGracefulShutdown([site], logger);
const address = await listen(site.server, config.port, config.host);
logger.info('listening', { service: 'site', url: `http://${address}`, baseUrl: config.baseUrl });
