import { sequence } from 'astro:middleware';
import { getConfig } from './lib/config/config.ts';
import { createLogger } from './lib/log/logger.ts';
import { errorBoundary } from './middleware/error-boundary.ts';
import { methodGuard } from './middleware/method-guard.ts';
import { notFound } from './middleware/not-found.ts';
import { securityHeaders } from './middleware/security-headers.ts';

const config = getConfig();
const logger = createLogger(config.logLevel);

/** Every Astro-rendered response passes these steps, outermost first. */
export const onRequest = sequence(
  errorBoundary({ baseUrl: config.baseUrl, logger }),
  securityHeaders(),
  methodGuard({ baseUrl: config.baseUrl }),
  notFound({ baseUrl: config.baseUrl }),
);
