import { z } from 'zod';

/** Whole-number environment value within bounds, e.g. a port or a duration. */
const integerVar = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(min).max(max));

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

/**
 * The service's environment variables. Every variable is optional: the defaults
 * make `npm start` work with nothing set. Names match the README's table.
 */
export const EnvSchema = z.object({
  /** Port the site listens on. */
  PORT: integerVar(0, 65535).default(4321),
  /** Listen address of the site (and of the bundled catalog origin). */
  HOST: z.string().trim().min(1, 'must not be empty').default('localhost'),
  /** Public origin used in every absolute URL; defaults to http://localhost:$PORT. */
  BASE_URL: originVar.optional(),
  /** Upstream catalog origin; when set, the bundled origin is not started. */
  CATALOG_ORIGIN_URL: originVar.optional(),
  /** Port of the bundled catalog origin. */
  CATALOG_ORIGIN_PORT: integerVar(0, 65535).default(4322),
  /** Total deadline for one upstream catalog request, in milliseconds. */
  CATALOG_ORIGIN_TIMEOUT_MS: integerVar(1, 120_000).default(5000),
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
  /** Most clients the rate limiter tracks at once before new ones share an overflow window. */
  RATE_LIMIT_MAX_CLIENTS: integerVar(1, 10_000_000).default(100_000),
  /** `info` logs one JSON line per request; `error` only failures; `silent` nothing. */
  LOG_LEVEL: z.enum(['info', 'error', 'silent']).default('info'),
  /** Client address in request lines: `truncated` (IPv4 /24, IPv6 /48; personal data under the GDPR) or `full`. */
  LOG_CLIENT_ADDRESS: z.enum(['truncated', 'full']).default('truncated'),
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

/** The raw, validated environment. */
export type Env = z.infer<typeof EnvSchema>;
