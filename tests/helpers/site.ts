import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { createCatalogService, type CatalogService } from '../../src/lib/catalog/catalog-service.ts';
import { COMPILED_PANELS_PATH, loadCompiledPanels } from '../../src/lib/catalog/compiled-panels.ts';
import { parseConfig, type Config } from '../../src/lib/config/config.ts';
import { createLogger, type Logger } from '../../src/lib/log/logger.ts';
import type { InstanceLimiter, Limiter } from '../../src/lib/rate-limit/limiter.ts';
import { createQuotaLimiter } from '../../src/lib/rate-limit/policy-limiters.ts';
import { bundleHandler } from '../../src/server/store/astro-renderer.ts';
import {
  injectRequest,
  listen,
  type DrainableServer,
  type InjectOptions,
  type InjectResponse,
} from '../../src/server/http/create-http-server.ts';
import { createOriginKey, createOriginServer } from '../../src/server/origin/origin-server.ts';
import { startOrigin } from '../../src/server/origin/start-origin.ts';
import type { Renderer } from '../../src/server/store/rendered-store.ts';
import { builtFiles, createSite } from '../../src/server/site.ts';
import { registerServerUnderTest } from './contract/servers-under-test.ts';
import type { FakeUpstream } from './fake-upstream.ts';
import { requestVia } from './fetch-reply.ts';
import { fetchAs, freePort } from './start-server.ts';

const ROOT = new URL('../../', import.meta.url);
const fromRoot = (path: string) => fileURLToPath(new URL(path, ROOT));

/** What a test varies; everything else is what `npm start` builds (src/server/main.ts). */
export interface TestSiteOptions {
  /**
   * The site's configuration as environment variables, parsed into its own `Config` (BASE_URL defaults to
   * `http://localhost:4321`); never written into `process.env`, so sites configured differently share a process.
   */
  env?: Record<string, string>;
  /** The catalog upstream: by default the bundled origin, built in this process and reached without a socket. */
  upstream?: typeof fetch;
  /**
   * The clock of the rate limiter and the catalog cache in milliseconds (default `performance.now`),
   * so a test can start a new window or age a cached copy without waiting (`testClock`).
   */
  now?: () => number;
  /**
   * Whether the bundled origin listens on `CATALOG_ORIGIN_PORT` and is asked over a socket, as
   * `npm start` runs it, for tests of the origin itself (default: asked without a socket).
   */
  originListens?: boolean;
  /** Wraps Astro as the store's renderer: a test counts renders, or holds them to fill the bound on renders. */
  renderer?: (astro: Renderer) => Renderer;
  /** The store's bound on renders at once and waiting (defaults: the server's). */
  renderConcurrency?: number;
  queueCapacity?: number;
  /** The quota shared through a store, made around the site's own limiter (RATE_LIMIT_STORE_URL); none by default. */
  shared?: (local: InstanceLimiter) => Limiter;
}

/** The site server of `npm start`, built in the test process and driven without a port. */
export interface TestSite {
  config: Config;
  catalog: CatalogService;
  /** Astro with this site's services as every render's `locals`, as the store renders through it (unwrapped). */
  renderer: Renderer;
  /** Every log line, the request log included. */
  logs: string[];
  /**
   * Sends one request through the server's handler (light-my-request). Each request comes
   * from a new client address unless it names one, so tests do not share the quota.
   */
  request(options: InjectOptions | string): Promise<InjectResponse>;
  /** The site's server with its shutdown switches, for tests that drive a shutdown in this process. */
  server: DrainableServer;
  /** The bundled origin's server when it listens (`originListens`). */
  origin?: DrainableServer;
  /**
   * Listens on a free loopback port, for what only a socket shows (framing, timeouts, a
   * connection kept after an answer); `close` stops it and ends its connections.
   */
  listen(port?: number): Promise<{ url: string; port: number; close(): Promise<void> }>;
}

let clients = 0;
/** A client address of its own: the limiter keys IPv4 clients by /24. */
const nextClient = () => {
  clients += 1;
  return `10.${(clients >> 8) & 255}.${clients & 255}.1`;
};

/** The bundled catalog origin of `config`, built in this process from the build's panels (`npm run build` first). */
export async function createTestOrigin(config: Config, logger: Logger): Promise<DrainableServer> {
  const panels = await loadCompiledPanels(fromRoot(COMPILED_PANELS_PATH), config.baseUrl);
  if (panels === undefined) throw new Error('the bundled origin needs `npm run build` first (dist/catalog/)');
  return createOriginServer({ config, logger, limiter: createQuotaLimiter(config.rateLimitMaxClients), panels });
}

/** A fetch that asks the in-process bundled origin (light-my-request), as the catalog service's upstream. */
function originFetch(origin: DrainableServer) {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const reply = await injectRequest(origin.server, {
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) if (typeof value === 'string') headers.set(name, value);
    return new Response(new Uint8Array(reply.rawPayload), { status: reply.statusCode, headers });
  }) as typeof fetch;
}

/**
 * Builds the site server from the build's output (`npm run build` first) and injected parts. Each site hands its own
 * configuration and catalog service to the renders of its pages (`locals`), as `createSite` does for `npm start`.
 */
export async function createTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  const key = createOriginKey();
  const config = parseConfig({
    BASE_URL: 'http://localhost:4321',
    CATALOG_ORIGIN_KEY: key,
    METRICS_PORT: 'off',
    ...options.env,
  });
  const logs: string[] = [];
  const logger = createLogger(config.logLevel, { info: (line) => logs.push(line), error: (line) => logs.push(line) });
  let upstream = options.upstream;
  const origin =
    options.originListens === true ? await startOrigin(config, config.catalogOriginPort, logger) : undefined;
  // A CATALOG_ORIGIN_URL (a fake upstream the test runs) or a listening origin is asked as production asks it.
  if (upstream === undefined && config.catalogOriginUrl === undefined && origin === undefined) {
    upstream = originFetch(await createTestOrigin(config, logger));
  }
  const catalog = createCatalogService(config, {
    logger,
    ...(upstream === undefined ? {} : { request: requestVia(upstream) }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const site = await createSite(config, {
    logger,
    catalog,
    astro: bundleHandler(new URL('dist/server/entry.mjs', ROOT).href),
    ...(options.renderer === undefined ? {} : { wrapRenderer: options.renderer }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.shared === undefined ? {} : { shareQuota: options.shared }),
    ...(options.renderConcurrency === undefined ? {} : { renderConcurrency: options.renderConcurrency }),
    ...(options.queueCapacity === undefined ? {} : { queueCapacity: options.queueCapacity }),
    files: builtFiles(ROOT),
  });
  return {
    config,
    catalog,
    renderer: site.renderer,
    logs,
    server: site,
    ...(origin === undefined ? {} : { origin }),
    request: (request) => {
      const init = typeof request === 'string' ? { url: request } : request;
      return site.inject({ remoteAddress: nextClient(), ...init });
    },
    listen: async (port = 0) => {
      const address = await listen(site.server, port, '127.0.0.1');
      const close = () =>
        new Promise<void>((resolve) => {
          site.server.close(() => resolve());
          site.server.closeAllConnections();
        });
      return { url: `http://${address}`, port: Number(address.split(':')[1]), close };
    },
  };
}

/** A clock that runs with real time and that a test moves ahead: `TestSiteOptions.now`. */
export interface TestClock {
  now(): number;
  /** Moves the clock `ms` ahead at once, as if that much time had passed. */
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => performance.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** The in-process site on a loopback port: for tests that speak HTTP to it, as to a started server. */
export interface InProcessServer {
  /** `http://127.0.0.1:<port>`, also the site's BASE_URL unless the test gives one. */
  url: string;
  /** The bundled origin's address when it listens (`originListens`). */
  originUrl?: string;
  /** The environment the site was configured from. */
  env: Record<string, string>;
  site: TestSite;
  /** What the server has logged so far, a line per entry ending in a newline: a started server's stdout. */
  readonly output: string[];
  stop(): Promise<void>;
}

/**
 * Builds the site in this process (`createTestSite`) and listens on a free loopback port. Its
 * API responses are checked against the OpenAPI document like a started server's
 * (`tests/helpers/contract/`).
 */
export async function startInProcess(
  env: Record<string, string> = {},
  options: Omit<TestSiteOptions, 'env'> & {
    /** The port to listen on (default a free one). */
    port?: number;
  } = {},
): Promise<InProcessServer> {
  const { port = await freePort(), ...siteOptions } = options;
  const url = `http://127.0.0.1:${port}`;
  const originPort = siteOptions.originListens === true ? String(await freePort()) : undefined;
  const full = { BASE_URL: url, ...(originPort === undefined ? {} : { CATALOG_ORIGIN_PORT: originPort }), ...env };
  const site = await createTestSite({ ...siteOptions, env: full });
  const listening = await site.listen(port);
  const originUrl = site.origin === undefined ? undefined : `http://127.0.0.1:${full.CATALOG_ORIGIN_PORT}`;
  registerServerUnderTest(url, originUrl, { ...full, METRICS_PORT: 'off' });
  return {
    url,
    ...(originUrl === undefined ? {} : { originUrl }),
    env: full,
    site,
    get output() {
      return site.logs.map((line) => `${line}\n`);
    },
    stop: async () => {
      await listening.close();
      if (site.origin !== undefined) {
        const closed = new Promise((resolve) => site.origin!.server.close(resolve));
        site.origin.server.closeAllConnections();
        await closed;
      }
    },
  };
}

/** The site one test file speaks HTTP to, behind one trusted proxy: `sharedInProcessSite`. */
export interface SharedInProcessSite {
  /** The site's address, once the file's `beforeAll` has started it. */
  readonly url: string;
  /** A fetch from a client address no other test of the file uses (sent as the proxy's `X-Forwarded-For`). */
  client(): ReturnType<typeof fetchAs>;
}

/**
 * One in-process site for the calling test file, started before its tests and stopped after them, trusting one proxy
 * so each test can come from an address of its own and not share another's rate-limit window.
 */
export function sharedInProcessSite(env: Record<string, string> = {}): SharedInProcessSite {
  let server: InProcessServer | undefined;
  let clients = 0;
  beforeAll(async () => {
    server = await startInProcess({ TRUST_PROXY: '1', ...env });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get url() {
      if (server === undefined) throw new Error('sharedInProcessSite: the site starts in beforeAll');
      return server.url;
    },
    client: () => fetchAs(`198.51.100.${++clients}`),
  };
}

/**
 * The in-process site in front of a fake catalog origin the test controls, as the page tests
 * follow their upstream: a 1 s cache on `clock` (the test ages it), no stale copies, a 1 s
 * upstream deadline, unless `env` says otherwise.
 */
export const startOnFakeUpstream = (
  upstream: FakeUpstream,
  clock: TestClock,
  env: Record<string, string> = {},
): Promise<InProcessServer> =>
  startInProcess(
    {
      CATALOG_ORIGIN_URL: upstream.url,
      CATALOG_CACHE_TTL_S: '1',
      CATALOG_STALE_IF_ERROR_S: '0',
      CATALOG_ORIGIN_TIMEOUT_MS: '1000',
      TRUST_PROXY: '1',
      ...env,
    },
    { now: clock.now },
  );
