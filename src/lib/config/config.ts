import type { z } from 'zod';
import { redactUrlCredentials } from '../log/logger.ts';
import { connectionShareOf, EnvSchema, RESPONSE_MARGIN_MS, SECRET_VARIABLES } from './env-schema.ts';

/**
 * The origin the build writes into prepared content; the server puts its own `BASE_URL` in on load. `.invalid`
 * (RFC 6761 §6.4) can never occur in content by accident.
 */
export const BASE_URL_PLACEHOLDER = 'https://prepared-base-url.invalid';

/** `text` with every occurrence of the placeholder replaced by `baseUrl`. */
export const substituteBaseUrlPlaceholder = (text: string, baseUrl: string): string =>
  text.replaceAll(BASE_URL_PLACEHOLDER, baseUrl);

/** Raised when an environment variable holds a bad value; the message names each variable. */
class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A bad value as shown in a message: quoted, URL credentials redacted; a secret only by its length. */
function shownValue(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return `(hidden, ${value.trim().length} characters)`;
  return JSON.stringify(redactUrlCredentials(value));
}

/** The error naming each bad variable on a line of its own: `NAME="value": what is wrong`. */
const invalidConfiguration = (bad: Array<[name: string, value: string, why: string]>): ConfigError =>
  new ConfigError(
    `Invalid configuration:\n${bad.map(([name, value, why]) => `  ${name}=${shownValue(name, value)}: ${why}`).join('\n')}`,
  );

/** Loopback hosts: a request to them never leaves the machine. */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** Whether requests to `origin` cross the network unencrypted. */
const sendsInClear = (origin: string | undefined): boolean =>
  origin !== undefined && origin.startsWith('http:') && !LOOPBACK.test(new URL(origin).hostname);

/** The service's settings from a valid environment: durations in milliseconds, `off` as undefined. */
function configOf(e: z.infer<typeof EnvSchema>) {
  return {
    port: e.PORT,
    host: e.HOST,
    /** Public origin without a trailing slash, e.g. `https://api.example.com`. */
    baseUrl: e.BASE_URL ?? `http://localhost:${e.PORT}`,
    /** Upstream catalog origin; undefined means "start the bundled one". */
    catalogOriginUrl: e.CATALOG_ORIGIN_URL,
    catalogOriginPort: e.CATALOG_ORIGIN_PORT,
    /** Listen address of the bundled catalog origin (loopback unless an operator opens it). */
    catalogOriginHost: e.CATALOG_ORIGIN_HOST,
    /** Trusted proxy hops in front of the catalog origin, independent of the site's `trustProxy`. */
    catalogOriginTrustProxy: e.CATALOG_ORIGIN_TRUST_PROXY,
    /** Where clients may reach the catalog origin; undefined: it is private, and not documented. */
    catalogOriginPublicUrl: e.CATALOG_ORIGIN_PUBLIC_URL,
    /** Shared secret of the site's upstream requests (see the origin's `createOriginKey`); undefined: none configured. */
    catalogOriginKey: e.CATALOG_ORIGIN_KEY,
    catalogOriginTimeoutMs: e.CATALOG_ORIGIN_TIMEOUT_MS,
    catalogCacheTtlS: e.CATALOG_CACHE_TTL_S,
    catalogStaleWhileRevalidateS: e.CATALOG_STALE_WHILE_REVALIDATE_S,
    catalogStaleIfErrorS: e.CATALOG_STALE_IF_ERROR_S,
    deployEnv: e.DEPLOY_ENV,
    trustProxy: e.TRUST_PROXY,
    rateLimitMaxClients: e.RATE_LIMIT_MAX_CLIENTS,
    /** The shared rate-limit store; undefined: each instance limits on its own. */
    rateLimitStore:
      e.RATE_LIMIT_STORE_URL === undefined
        ? undefined
        : {
            url: e.RATE_LIMIT_STORE_URL,
            password: e.RATE_LIMIT_STORE_PASSWORD,
            timeoutMs: e.RATE_LIMIT_STORE_TIMEOUT_MS,
            hardTimeoutMs: Math.max(e.RATE_LIMIT_STORE_TIMEOUT_MS, e.RATE_LIMIT_STORE_HARD_TIMEOUT_MS),
          },
    logLevel: e.LOG_LEVEL,
    /** Idle time allowed between requests on a kept-alive connection. */
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_S * 1000,
    /** Silence allowed mid-request before the connection is closed. */
    socketTimeoutMs: e.SOCKET_TIMEOUT_MS,
    /** Time allowed for a whole request head. */
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    /** Connections the site holds open at once. */
    maxConnections: e.MAX_CONNECTIONS,
    /** Of those, the most one peer address (an IPv6 /64) holds. */
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT ?? connectionShareOf(e.MAX_CONNECTIONS, e.TRUST_PROXY),
    /** Time the unread rest of a request body may take after the answer. */
    unreadBodyGraceMs: e.UNREAD_BODY_GRACE_MS,
    /** After SIGTERM: readiness 503, listener still open (see docs/deployment.md). */
    shutdownDelayMs: e.SHUTDOWN_DELAY_S * 1000,
    /** Then a listener closes once no connection arrived for this long (see docs/deployment.md). */
    shutdownQuietMs: e.SHUTDOWN_QUIET_MS,
    /** From SIGTERM to a forced exit. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000,
    /** How request lines record the client address (see docs/observability.md). */
    logClientAddress: e.LOG_CLIENT_ADDRESS,
    /** Whether data-driven pages are rendered in the background before they are asked for (see docs/performance.md). */
    preparePages: e.PREPARE_PAGES,
    metricsHost: e.METRICS_HOST,
    /** Port of the Prometheus endpoint; undefined when `METRICS_PORT=off`. */
    metricsPort: e.METRICS_PORT === 'off' ? undefined : e.METRICS_PORT,
  };
}

/** Typed service configuration, derived once from the environment. */
export type Config = ReturnType<typeof configOf>;

/** Parses the environment into a Config, or throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as shells and .env files commonly leave them.
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    throw invalidConfiguration(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return [name, env[name] ?? '', issue.message];
      }),
    );
  }
  const e = result.data;
  if (e.SHUTDOWN_DELAY_S >= e.SHUTDOWN_TIMEOUT_S) {
    const why =
      `must be shorter than SHUTDOWN_TIMEOUT_S (${e.SHUTDOWN_TIMEOUT_S}), which also has to cover the requests ` +
      'still running after the delay';
    throw invalidConfiguration([['SHUTDOWN_DELAY_S', String(e.SHUTDOWN_DELAY_S), why]]);
  }
  if (e.SHUTDOWN_DELAY_S * 1000 + e.SHUTDOWN_QUIET_MS > e.SHUTDOWN_TIMEOUT_S * 1000) {
    const why =
      `must end by SHUTDOWN_TIMEOUT_S (${e.SHUTDOWN_TIMEOUT_S} s) after SHUTDOWN_DELAY_S (${e.SHUTDOWN_DELAY_S} s): ` +
      'the listener closes only after a whole quiet interval';
    throw invalidConfiguration([['SHUTDOWN_QUIET_MS', String(e.SHUTDOWN_QUIET_MS), why]]);
  }
  if (e.CATALOG_ORIGIN_TIMEOUT_MS > e.SOCKET_TIMEOUT_MS - RESPONSE_MARGIN_MS) {
    const why =
      `must be at most ${e.SOCKET_TIMEOUT_MS - RESPONSE_MARGIN_MS} ms: the server closes a client connection after ` +
      `SOCKET_TIMEOUT_MS (${e.SOCKET_TIMEOUT_MS} ms) without traffic, and keeps ${RESPONSE_MARGIN_MS} ms to send the catalog`;
    throw invalidConfiguration([['CATALOG_ORIGIN_TIMEOUT_MS', String(e.CATALOG_ORIGIN_TIMEOUT_MS), why]]);
  }
  if (e.MAX_CONNECTIONS_PER_CLIENT !== undefined && e.MAX_CONNECTIONS_PER_CLIENT > e.MAX_CONNECTIONS) {
    const why = `must be at most MAX_CONNECTIONS (${e.MAX_CONNECTIONS}): it is one address's share of those`;
    throw invalidConfiguration([['MAX_CONNECTIONS_PER_CLIENT', String(e.MAX_CONNECTIONS_PER_CLIENT), why]]);
  }
  if (e.CATALOG_ORIGIN_KEY !== undefined && sendsInClear(e.CATALOG_ORIGIN_URL)) {
    const why =
      'must use https unless it is a loopback address: every request to it carries CATALOG_ORIGIN_KEY, which http ' +
      'would send in clear text';
    throw invalidConfiguration([['CATALOG_ORIGIN_URL', e.CATALOG_ORIGIN_URL!, why]]);
  }
  return configOf(e);
}

/** Reads the configuration, or exits with a message naming each bad variable (no stack). */
export function loadConfigOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\nSee docs/configuration.md.\n`);
    process.exit(78); // EX_CONFIG (sysexits.h)
  }
}
