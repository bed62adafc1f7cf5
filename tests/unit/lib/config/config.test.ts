import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/lib/config/config.ts';
import { SERVER_TIMEOUTS } from '../../../../src/lib/config/env-schema.ts';

describe('parseConfig', () => {
  it('needs nothing set: every variable has a default', () => {
    expect(parseConfig({})).toEqual({
      port: 4321,
      host: 'localhost',
      baseUrl: 'http://localhost:4321',
      catalogOriginUrl: undefined,
      catalogOriginPort: 4322,
      catalogOriginHost: '127.0.0.1',
      catalogOriginTrustProxy: 0,
      catalogOriginPublicUrl: undefined,
      catalogOriginKey: undefined,
      catalogOriginTimeoutMs: 5000,
      catalogCacheTtlS: 60,
      catalogStaleWhileRevalidateS: 60,
      catalogStaleIfErrorS: 600,
      deployEnv: 'development',
      trustProxy: 0,
      rateLimitMaxClients: 100_000,
      rateLimitStore: undefined,
      logLevel: 'info',
      keepAliveTimeoutMs: 65_000,
      socketTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      maxConnections: 1024,
      maxConnectionsPerClient: 256,
      unreadBodyGraceMs: 5_000,
      shutdownDelayMs: 5_000,
      shutdownQuietMs: 1_000,
      shutdownTimeoutMs: 20_000,
      logClientAddress: 'truncated',
      preparePages: 'background',
      metricsHost: '127.0.0.1',
      metricsPort: 9464,
    });
  });

  it('prepares data-driven pages in the background unless PREPARE_PAGES=on-demand, and names a bad value', () => {
    expect(parseConfig({ PREPARE_PAGES: 'on-demand' }).preparePages).toBe('on-demand');
    expect(() => parseConfig({ PREPARE_PAGES: 'eager' })).toThrow(/PREPARE_PAGES/);
  });

  it('takes a shared rate-limit store as a redis:// or rediss:// URL, late after 5 ms and given up on after 100 ms by default', () => {
    expect(parseConfig({ RATE_LIMIT_STORE_URL: 'rediss://store.internal:6380/2' }).rateLimitStore).toEqual({
      url: 'rediss://store.internal:6380/2',
      password: undefined,
      timeoutMs: 5,
      hardTimeoutMs: 100,
    });
    expect(
      parseConfig({
        RATE_LIMIT_STORE_URL: 'redis://store:6379',
        RATE_LIMIT_STORE_PASSWORD: 's3cret',
        RATE_LIMIT_STORE_TIMEOUT_MS: '20',
      }).rateLimitStore,
    ).toEqual({ url: 'redis://store:6379', password: 's3cret', timeoutMs: 20, hardTimeoutMs: 100 });
    // The hard deadline is never shorter than the one after which an answer is late.
    expect(
      parseConfig({
        RATE_LIMIT_STORE_URL: 'redis://store:6379',
        RATE_LIMIT_STORE_TIMEOUT_MS: '500',
        RATE_LIMIT_STORE_HARD_TIMEOUT_MS: '50',
      }).rateLimitStore,
    ).toMatchObject({ timeoutMs: 500, hardTimeoutMs: 500 });
  });

  it('refuses a store URL of another scheme or with a path, and never repeats its password', () => {
    expect(() => parseConfig({ RATE_LIMIT_STORE_URL: 'http://store:6379' })).toThrow(
      /RATE_LIMIT_STORE_URL="http:\/\/store:6379": must use redis:\/\/ or rediss:\/\/ \(TLS\)/,
    );
    const bad = () => parseConfig({ RATE_LIMIT_STORE_URL: 'redis://:hunter22@store:6379/keys' });
    expect(bad).toThrow(/RATE_LIMIT_STORE_URL="redis:\/\/\*\*\*@store:6379\/keys": may have only a database number/);
    expect(bad).not.toThrow(/hunter22/);
    const password = () =>
      parseConfig({
        RATE_LIMIT_STORE_URL: 'redis://store',
        RATE_LIMIT_STORE_TIMEOUT_MS: '0',
        RATE_LIMIT_STORE_PASSWORD: 'hunter22',
      });
    expect(password).toThrow(/RATE_LIMIT_STORE_TIMEOUT_MS="0"/);
    expect(password).not.toThrow(/hunter22/);
  });

  it('refuses a quiet interval that cannot pass between the shutdown delay and the timeout', () => {
    expect(() => parseConfig({ SHUTDOWN_DELAY_S: '19', SHUTDOWN_QUIET_MS: '1001' })).toThrow(
      /SHUTDOWN_QUIET_MS="1001": must end by SHUTDOWN_TIMEOUT_S \(20 s\)/,
    );
    expect(parseConfig({ SHUTDOWN_DELAY_S: '19', SHUTDOWN_QUIET_MS: '1000' })).toMatchObject({ shutdownQuietMs: 1000 });
  });

  it('refuses a shutdown delay that leaves no time to drain before the timeout', () => {
    expect(() => parseConfig({ SHUTDOWN_DELAY_S: '20' })).toThrow(
      /SHUTDOWN_DELAY_S="20": must be shorter than SHUTDOWN_TIMEOUT_S \(20\)/,
    );
    expect(parseConfig({ SHUTDOWN_DELAY_S: '0', SHUTDOWN_TIMEOUT_S: '1' })).toMatchObject({
      shutdownDelayMs: 0,
      shutdownTimeoutMs: 1_000,
    });
  });

  it('turns the metrics endpoint off with METRICS_PORT=off and refuses other words', () => {
    expect(parseConfig({ METRICS_PORT: 'off' }).metricsPort).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: '9100', LOG_CLIENT_ADDRESS: 'full' })).toMatchObject({
      metricsPort: 9100,
      logClientAddress: 'full',
    });
    expect(() => parseConfig({ METRICS_PORT: 'none' })).toThrow(/METRICS_PORT="none"/);
    expect(() => parseConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => parseConfig({ LOG_CLIENT_ADDRESS: 'half' })).toThrow(/LOG_CLIENT_ADDRESS/);
  });

  it('derives BASE_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(parseConfig({ PORT: '8080' }).baseUrl).toBe('http://localhost:8080');
    expect(parseConfig({ BASE_URL: 'https://api.example.com/' }).baseUrl).toBe('https://api.example.com');
  });

  it('refuses CATALOG_ORIGIN_PORT=0, on which the site could not reach the bundled origin', () => {
    expect(() => parseConfig({ CATALOG_ORIGIN_PORT: '0' })).toThrow(
      /CATALOG_ORIGIN_PORT="0".*the site connects to the bundled origin on this number/,
    );
    expect(parseConfig({ CATALOG_ORIGIN_PORT: '1' }).catalogOriginPort).toBe(1);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', TRUST_PROXY: '' })).toMatchObject({ port: 4321, trustProxy: 0 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['BASE_URL', 'example.com'],
    ['BASE_URL', 'https://example.com/api'],
    ['BASE_URL', 'ftp://example.com'],
    ['BASE_URL', 'https://user:pw@example.com'],
    ['CATALOG_ORIGIN_URL', 'https://origin.example/?x=1'],
    ['DEPLOY_ENV', 'prod'],
    ['TRUST_PROXY', 'yes'],
    ['CATALOG_ORIGIN_TIMEOUT_MS', '0'],
    ['CATALOG_CACHE_TTL_S', '1.5'],
    ['CATALOG_STALE_WHILE_REVALIDATE_S', '-5'],
    ['KEEP_ALIVE_TIMEOUT_S', '0'],
    ['SHUTDOWN_DELAY_S', 'soon'],
    ['SHUTDOWN_TIMEOUT_S', '0'],
    ['CATALOG_ORIGIN_HOST', '   '],
    ['CATALOG_ORIGIN_TRUST_PROXY', 'yes'],
    ['CATALOG_ORIGIN_TRUST_PROXY', '33'],
    ['CATALOG_ORIGIN_PUBLIC_URL', 'origin.example.com'],
    ['CATALOG_ORIGIN_PUBLIC_URL', 'https://origin.example.com/v1'],
    ['CATALOG_ORIGIN_PUBLIC_URL', 'https://user:pw@origin.example.com'],
    ['CATALOG_ORIGIN_KEY', 'too-short'],
    ['CATALOG_ORIGIN_KEY', `${'a'.repeat(20)} ${'b'.repeat(20)}`],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(expect.objectContaining({ name: 'ConfigError' }));
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('refuses an upstream deadline the server would cut the client connection before, and says why', () => {
    const longest = SERVER_TIMEOUTS.socketTimeout - 1000;
    expect(parseConfig({ CATALOG_ORIGIN_TIMEOUT_MS: String(longest) })).toMatchObject({
      catalogOriginTimeoutMs: longest,
    });
    for (const value of [longest + 1, SERVER_TIMEOUTS.socketTimeout, 120_000]) {
      expect(() => parseConfig({ CATALOG_ORIGIN_TIMEOUT_MS: String(value) })).toThrow(
        new RegExp(
          `CATALOG_ORIGIN_TIMEOUT_MS="${value}": must be at most ${longest} ms: ` +
            `the server closes a client connection after SOCKET_TIMEOUT_MS \\(${SERVER_TIMEOUTS.socketTimeout} ms\\) without traffic`,
        ),
      );
    }
    // A longer socket timeout allows a longer upstream deadline.
    expect(parseConfig({ SOCKET_TIMEOUT_MS: '30000', CATALOG_ORIGIN_TIMEOUT_MS: '20000' })).toMatchObject({
      catalogOriginTimeoutMs: 20_000,
    });
  });

  it('lets the server timeouts be shortened, with the upstream deadline kept below the socket timeout', () => {
    expect(
      parseConfig({ SOCKET_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1500', CATALOG_ORIGIN_TIMEOUT_MS: '1000' }),
    ).toMatchObject({ socketTimeoutMs: 2000, headersTimeoutMs: 1500, catalogOriginTimeoutMs: 1000 });
    expect(() => parseConfig({ SOCKET_TIMEOUT_MS: '2000' })).toThrow(
      /CATALOG_ORIGIN_TIMEOUT_MS="5000": must be at most 1000 ms: the server closes a client connection after SOCKET_TIMEOUT_MS \(2000 ms\)/,
    );
    expect(() => parseConfig({ SOCKET_TIMEOUT_MS: '10' })).toThrow(/SOCKET_TIMEOUT_MS="10"/);
  });

  it('gives one address a quarter of MAX_CONNECTIONS, half behind trusted proxies, or MAX_CONNECTIONS_PER_CLIENT', () => {
    expect(parseConfig({ MAX_CONNECTIONS: '4096' })).toMatchObject({ maxConnectionsPerClient: 1024 });
    expect(parseConfig({ TRUST_PROXY: '1' })).toMatchObject({ maxConnectionsPerClient: 960 });
    expect(parseConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_CLIENT: '100' })).toMatchObject({
      maxConnectionsPerClient: 100,
    });
    expect(() => parseConfig({ MAX_CONNECTIONS_PER_CLIENT: '0' })).toThrow(/MAX_CONNECTIONS_PER_CLIENT="0"/);
    expect(() => parseConfig({ MAX_CONNECTIONS_PER_CLIENT: '2000' })).toThrow(
      /MAX_CONNECTIONS_PER_CLIENT="2000": must be at most MAX_CONNECTIONS \(1024\)/,
    );
  });

  it('caps the connections held open at MAX_CONNECTIONS, at least 16', () => {
    expect(parseConfig({ MAX_CONNECTIONS: '4096' })).toMatchObject({ maxConnections: 4096 });
    expect(() => parseConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS="0"/);
    expect(() => parseConfig({ MAX_CONNECTIONS: 'unlimited' })).toThrow(
      /MAX_CONNECTIONS="unlimited": must be a whole number/,
    );
  });

  it('names every bad variable at once', () => {
    try {
      parseConfig({ PORT: 'x', DEPLOY_ENV: 'y' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/PORT="x"/);
      expect(String(error)).toMatch(/DEPLOY_ENV="y"/);
    }
  });

  it('keeps the catalog origin private and apart from the site by default', () => {
    const config = parseConfig({ HOST: '0.0.0.0', TRUST_PROXY: '2' });
    expect(config).toMatchObject({ host: '0.0.0.0', trustProxy: 2 });
    expect(config).toMatchObject({ catalogOriginHost: '127.0.0.1', catalogOriginTrustProxy: 0 });
    expect(config.catalogOriginPublicUrl).toBeUndefined();
  });

  it('reads the catalog origin settings, normalising the public URL to an origin', () => {
    const key = 'x'.repeat(32);
    expect(
      parseConfig({
        CATALOG_ORIGIN_HOST: '0.0.0.0',
        CATALOG_ORIGIN_TRUST_PROXY: '1',
        CATALOG_ORIGIN_PUBLIC_URL: 'https://catalog.example.com/',
        CATALOG_ORIGIN_KEY: key,
      }),
    ).toMatchObject({
      catalogOriginHost: '0.0.0.0',
      catalogOriginTrustProxy: 1,
      catalogOriginPublicUrl: 'https://catalog.example.com',
      catalogOriginKey: key,
    });
  });

  it('refuses to send the origin key over http to anything but loopback', () => {
    const key = 'k'.repeat(32);
    expect(() => parseConfig({ CATALOG_ORIGIN_URL: 'http://origin.internal:4322', CATALOG_ORIGIN_KEY: key })).toThrow(
      /CATALOG_ORIGIN_URL="http:\/\/origin\.internal:4322": must use https unless it is a loopback address/,
    );
    for (const url of [
      'https://origin.internal',
      'http://127.0.0.1:4322',
      'http://localhost:4322',
      'http://[::1]:4322',
    ]) {
      expect(parseConfig({ CATALOG_ORIGIN_URL: url, CATALOG_ORIGIN_KEY: key }).catalogOriginUrl, url).toBe(url);
    }
    // Without a key nothing secret is sent: an http origin on a private network stays possible.
    expect(parseConfig({ CATALOG_ORIGIN_URL: 'http://origin.internal' }).catalogOriginUrl).toBe(
      'http://origin.internal',
    );
  });

  it('redacts the credentials of a bad URL in the message, and never repeats the origin key', () => {
    const message = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        return String(error);
      }
      return expect.unreachable();
    };
    const url = message({ CATALOG_ORIGIN_URL: 'https://user:secret@host.example/path' });
    expect(url).toMatch(/CATALOG_ORIGIN_URL="https:\/\/\*\*\*@host\.example\/path"/);
    expect(url).not.toMatch(/secret|user/);
    const base = message({ BASE_URL: 'https://admin:p@ss@example.com' });
    expect(base).toContain('BASE_URL="https://***@example.com"');
    expect(base).not.toMatch(/admin|p@ss/);
    const key = message({ CATALOG_ORIGIN_KEY: 'hunter2-short' });
    expect(key).toMatch(/CATALOG_ORIGIN_KEY=\(hidden, 13 characters\): must be at least 32 characters/);
    expect(key).not.toContain('hunter2');
  });
});
