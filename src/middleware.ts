import { sequence } from 'astro:middleware';
import { getConfig } from './lib/config/config.ts';
import { createLogger } from './lib/log/logger.ts';
import { errorBoundary } from './middleware/error-boundary.ts';
import { methodGuard } from './middleware/method-guard.ts';
import { notFound } from './middleware/not-found.ts';
import { pageRepresentation } from './middleware/page-representation.ts';
import { resolvePage } from './middleware/resolve-page.ts';
import { securityHeaders } from './middleware/security-headers.ts';

const config = getConfig();
const logger = createLogger(config.logLevel);

/** Every Astro-rendered response passes these steps, outermost first. */
export const onRequest = sequence(
  errorBoundary({ baseUrl: config.baseUrl, logger }),
  securityHeaders(),
  resolvePage({ baseUrl: config.baseUrl }),
  methodGuard({ baseUrl: config.baseUrl }),
  notFound({ baseUrl: config.baseUrl }),
  pageRepresentation({ baseUrl: config.baseUrl }),
);
