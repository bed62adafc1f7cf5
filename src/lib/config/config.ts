import { EnvSchema } from './env-schema.ts';

/** Typed service configuration, derived once from the environment. */
export interface Config {
  port: number;
  host: string;
  /** Public origin without a trailing slash, e.g. `https://api.example.com`. */
  baseUrl: string;
  /** Upstream catalog origin; undefined means "start the bundled one". */
  catalogOriginUrl: string | undefined;
  catalogOriginPort: number;
  catalogOriginTimeoutMs: number;
  catalogCacheTtlS: number;
  catalogStaleWhileRevalidateS: number;
  catalogStaleIfErrorS: number;
  deployEnv: 'development' | 'test' | 'staging' | 'production';
  trustProxy: number;
  rateLimitMaxClients: number;
  logLevel: 'info' | 'error' | 'silent';
  /** How request lines record the client address (see docs/observability.md). */
  logClientAddress: 'truncated' | 'full';
  metricsHost: string;
  /** Port of the Prometheus endpoint; undefined when `METRICS_PORT=off`. */
  metricsPort: number | undefined;
}

/** Raised when an environment variable holds a bad value; the message names each variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment into a Config, or throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as shells and .env files commonly leave them.
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: e.BASE_URL ?? `http://localhost:${e.PORT}`,
    catalogOriginUrl: e.CATALOG_ORIGIN_URL,
    catalogOriginPort: e.CATALOG_ORIGIN_PORT,
    catalogOriginTimeoutMs: e.CATALOG_ORIGIN_TIMEOUT_MS,
    catalogCacheTtlS: e.CATALOG_CACHE_TTL_S,
    catalogStaleWhileRevalidateS: e.CATALOG_STALE_WHILE_REVALIDATE_S,
    catalogStaleIfErrorS: e.CATALOG_STALE_IF_ERROR_S,
    deployEnv: e.DEPLOY_ENV,
    trustProxy: e.TRUST_PROXY,
    rateLimitMaxClients: e.RATE_LIMIT_MAX_CLIENTS,
    logLevel: e.LOG_LEVEL,
    logClientAddress: e.LOG_CLIENT_ADDRESS,
    metricsHost: e.METRICS_HOST,
    metricsPort: e.METRICS_PORT === 'off' ? undefined : e.METRICS_PORT,
  };
}

let cached: Config | undefined;

/** The process-wide configuration, parsed from `process.env` on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
