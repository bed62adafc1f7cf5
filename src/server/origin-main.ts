// `npm run start:origin`: the bundled catalog origin alone, on PORT of CATALOG_ORIGIN_HOST (loopback
// unless set). A site elsewhere spends no quota here when both share CATALOG_ORIGIN_KEY.
import { createLogger, describeError } from '../lib/log/logger.ts';
import { installGracefulShutdown } from './shutdown.ts';
import { loadConfigOrExit } from '../lib/config/config.ts';
import { startOrigin } from './origin/start-origin.ts';

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
try {
  // Run alone, the origin is the public server: it drains like the site does.
  installGracefulShutdown({ site: await startOrigin(config, config.port, logger) }, logger, {
    delayMs: config.shutdownDelayMs,
    quietMs: config.shutdownQuietMs,
    timeoutMs: config.shutdownTimeoutMs,
  });
} catch (error) {
  logger.error('origin_failed', describeError(error));
  process.exit(1);
}
