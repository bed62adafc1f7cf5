import { z } from 'zod';

/** Server timeouts: slow or idle clients are cut off in bounded time (see docs/deployment.md). */
export const SERVER_TIMEOUTS = {
  /** Whole header section, from the first byte (Node also answers 408 past it). */
  headersTimeout: 10_000,
  /** Whole request, body included. */
  requestTimeout: 30_000,
  /**
   * Keep-alive idle time: longer than the proxy's (nginx, AWS ALB), so the proxy closes first and never races us (RFC
   * 9112 §9.6).
   */
  keepAliveTimeout: 65_000,
  /**
   * Inactivity of any socket: headersTimeout misses a connection that sends nothing, which otherwise stays open
   * forever.
   */
  socketTimeout: 10_000,
  maxHeaderSize: 16 * 1024,
  /** Connections open at once; more are closed on accept, so idle sockets cannot exhaust file descriptors. */
  maxConnections: 1024,
  // Node checks headersTimeout and requestTimeout every 30 s by default; check every second.
  connectionsCheckingInterval: 1_000,
} as const;

/**
 * One peer address's share of MAX_CONNECTIONS unless MAX_CONNECTIONS_PER_CLIENT says otherwise: a quarter when clients
 * connect directly; behind trusted proxies, whose few addresses carry every client (a proxy refused a connection
 * marks the instance failed, and a crowd within every client's quota is hundreds of requests in flight through one
 * proxy), all but a sixteenth, kept for the kubelet's probes and another peer.
 */
export const connectionShareOf = (maxConnections: number, trustProxy: number): number =>
  trustProxy > 0 ? maxConnections - Math.ceil(maxConnections / 16) : Math.floor(maxConnections / 4);

/** Time kept between the upstream deadline and the socket timeout, to validate, compress and send a catalog. */
export const RESPONSE_MARGIN_MS = 1_000;

/** Whole-number environment value within bounds, e.g. a port or a duration; `tooBig` explains the maximum. */
const integerVar = (min: number, max: number, tooBig?: string, tooSmall?: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, tooSmall).max(max, tooBig));

/** An absolute http(s) origin: scheme, host and optional port; no path, query or fragment. */
const originVar = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value), 'must be an absolute URL such as https://api.example.com')
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'http:' || url.protocol === 'https:', 'must use http or https')
  .refine(
    (url) => (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash,
    'must be an origin only (no path, query or fragment)',
  )
  .refine((url) => !url.username && !url.password, 'must not carry credentials')
  .transform((url) => url.origin);

/** Listen address: a host name or an IP address, never empty. */
const hostVar = z.string().trim().min(1, 'must not be empty');

/**
 * A secret shared with a separately run origin: long enough not to be guessed, valid as a header value (RFC 9110
 * §5.5).
 */
const originKeyVar = z
  .string()
  .trim()
  .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')
  .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters without spaces');

/** A Redis or Valkey server: `redis://` or `rediss://` (TLS), a host, an optional port, password and database number. */
const storeUrlVar = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value), 'must be a URL such as redis://rate-limit-store:6379')
  .refine((value) => ['redis:', 'rediss:'].includes(new URL(value).protocol), 'must use redis:// or rediss:// (TLS)')
  .refine((value) => new URL(value).hostname !== '', 'must name a host')
  .refine((value) => /^\/?\d*$/.test(new URL(value).pathname), 'may have only a database number as its path');

/** Variables whose value is never repeated in a message, even when it is invalid. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(['CATALOG_ORIGIN_KEY', 'RATE_LIMIT_STORE_PASSWORD']);

/** The service's environment variables, all optional: `npm start` works with none set. */
export const EnvSchema = z.object({
  /** Port the site listens on. */
  PORT: integerVar(0, 65535).default(4321),
  /** Listen address of the site. */
  HOST: hostVar.default('localhost'),
  /** Public origin used in every absolute URL; defaults to http://localhost:$PORT. */
  BASE_URL: originVar.optional(),
  /** Upstream catalog origin; when set, the bundled origin is not started. */
  CATALOG_ORIGIN_URL: originVar.optional(),
  /** Not 0: the site connects to this number, and port 0 would make every catalog call a 502. */
  CATALOG_ORIGIN_PORT: integerVar(
    1,
    65535,
    undefined,
    'must be a port from 1 to 65535: the site connects to the bundled origin on this number',
  ).default(4322),
  /** Listen address of the bundled catalog origin: loopback, so only the site reaches it. */
  CATALOG_ORIGIN_HOST: hostVar.default('127.0.0.1'),
  /** Trusted reverse-proxy hops in front of the catalog origin, independent of TRUST_PROXY; 0 ignores X-Forwarded-For. */
  CATALOG_ORIGIN_TRUST_PROXY: integerVar(0, 32).default(0),
  /** Origin at which clients may call the catalog origin directly; unset keeps it out of the OpenAPI document. */
  CATALOG_ORIGIN_PUBLIC_URL: originVar.optional(),
  /** Shared secret exempting the site's upstream requests from the origin's limiter; random per process when unset. */
  CATALOG_ORIGIN_KEY: originKeyVar.optional(),
  /**
   * Deadline of one upstream request, kept RESPONSE_MARGIN_MS below SOCKET_TIMEOUT_MS so a waiting client is never cut
   * silently.
   */
  CATALOG_ORIGIN_TIMEOUT_MS: integerVar(1, 600_000).default(5000),
  /** Seconds a validated catalog stays fresh in memory; 0 disables the cache. */
  CATALOG_CACHE_TTL_S: integerVar(0, 86_400).default(60),
  /** Seconds past the TTL a catalog is still served while one background request refreshes it; 0 disables it. */
  CATALOG_STALE_WHILE_REVALIDATE_S: integerVar(0, 86_400).default(60),
  /** Seconds a stale catalog may be served while the upstream fails; 0 disables it. */
  CATALOG_STALE_IF_ERROR_S: integerVar(0, 604_800).default(600),
  /** `production` allows search engines to index the site. */
  DEPLOY_ENV: z.enum(['development', 'test', 'staging', 'production']).default('development'),
  /** Number of trusted reverse-proxy hops in front of the service; 0 ignores X-Forwarded-For. */
  TRUST_PROXY: integerVar(0, 32).default(0),
  /**
   * Most clients with an exact rate-limit window; the others are counted in a fixed-size sketch (the bound caps the
   * limiter's memory: docs/performance.md).
   */
  RATE_LIMIT_MAX_CLIENTS: integerVar(1, 250_000).default(100_000),
  /**
   * A Redis or Valkey server every instance counts its clients in, so N instances enforce one quota; unset, each
   * instance limits on its own (docs/deployment.md, "Several instances").
   */
  RATE_LIMIT_STORE_URL: storeUrlVar.optional(),
  /** The store's password, when it is not in RATE_LIMIT_STORE_URL (e.g. from its own Secret). */
  RATE_LIMIT_STORE_PASSWORD: z.string().min(1).optional(),
  /** Milliseconds after which the store's answer is late: still used, but counted (`rate_limit_store_late_total`). */
  RATE_LIMIT_STORE_TIMEOUT_MS: integerVar(1, 1000).default(5),
  /**
   * Most milliseconds a request waits for the store (at least RATE_LIMIT_STORE_TIMEOUT_MS): without an answer by then
   * the store counts as failing and the instance's own limiter decides the request.
   */
  RATE_LIMIT_STORE_HARD_TIMEOUT_MS: integerVar(1, 5000).default(100),
  /**
   * Idle keep-alive seconds; must outlast the proxy's idle timeout, or the closing side races the other's next
   * request.
   */
  KEEP_ALIVE_TIMEOUT_S: integerVar(1, 600).default(SERVER_TIMEOUTS.keepAliveTimeout / 1000),
  /** How long a connection may stay silent mid-request before it is closed (half a request gets a 408). */
  SOCKET_TIMEOUT_MS: integerVar(500, 600_000).default(SERVER_TIMEOUTS.socketTimeout),
  /** Milliseconds a client has to send a whole request head (408 past it), from its first byte. */
  HEADERS_TIMEOUT_MS: integerVar(500, 600_000).default(SERVER_TIMEOUTS.headersTimeout),
  /** Most connections the site holds open at once (kept-alive ones included); more are closed as they arrive. */
  MAX_CONNECTIONS: integerVar(16, 1_000_000).default(SERVER_TIMEOUTS.maxConnections),
  /**
   * Most of those one peer address (an IPv6 /64) holds; unset, a quarter of MAX_CONNECTIONS, or all but a sixteenth
   * behind trusted proxies (`connectionShareOf`).
   */
  MAX_CONNECTIONS_PER_CLIENT: integerVar(1, 1_000_000).optional(),
  /** Milliseconds the unread rest of a request body may take after the answer, before the connection is closed. */
  UNREAD_BODY_GRACE_MS: integerVar(0, 60_000).default(5_000),
  /**
   * Seconds after SIGTERM that `/healthz` answers 503 while everything else is served, so balancers stop routing
   * first.
   */
  SHUTDOWN_DELAY_S: integerVar(0, 300).default(5),
  /**
   * Milliseconds without a new connection after which a stopping server closes its listener: nothing then waits in
   * the accept queue, which closing the listener would reset.
   */
  SHUTDOWN_QUIET_MS: integerVar(0, 60_000).default(1_000),
  /** Seconds from SIGTERM until the process gives up on requests still running and exits 1. */
  SHUTDOWN_TIMEOUT_S: integerVar(1, 600).default(20),
  /** `info` logs one JSON line per request; `error` only failures; `silent` nothing. */
  LOG_LEVEL: z.enum(['info', 'error', 'silent']).default('info'),
  /** Client address in request lines: `truncated` (IPv4 /24, IPv6 /48; personal data under the GDPR) or `full`. */
  LOG_CLIENT_ADDRESS: z.enum(['truncated', 'full']).default('truncated'),
  /**
   * `background`: after start-up and after each catalog change, every data-driven page is rendered one at a time
   * before it is asked for; `on-demand`: each on its first request (less memory at idle, slower first requests).
   */
  PREPARE_PAGES: z.enum(['background', 'on-demand']).default('background'),
  /** Listen address of the Prometheus endpoint; loopback unless a scraper elsewhere needs it. */
  METRICS_HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  /** Port of the Prometheus endpoint (`GET /metrics`), or `off` for none. */
  METRICS_PORT: z
    .string()
    .trim()
    .refine((value) => value === 'off' || (/^\d{1,5}$/.test(value) && Number(value) <= 65535), 'must be a port or off')
    .transform((value) => (value === 'off' ? ('off' as const) : Number(value)))
    .default(9464),
});
