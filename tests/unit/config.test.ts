import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config/config.ts';
import { CATALOG_ORIGIN_TIMEOUT_MAX_MS } from '../../src/lib/config/env-schema.ts';
import { SERVER_TIMEOUTS } from '../../src/server/create-http-server.ts';

describe('parseConfig', () => {
  it('needs nothing set: every variable has a default', () => {
    expect(parseConfig({})).toEqual({
      port: 4321,
      host: 'localhost',
      baseUrl: 'http://localhost:4321',
      catalogOriginUrl: undefined,
      catalogOriginPort: 4322,
      catalogOriginTimeoutMs: 5000,
      catalogCacheTtlS: 60,
      catalogStaleWhileRevalidateS: 60,
      catalogStaleIfErrorS: 600,
      deployEnv: 'development',
      trustProxy: 0,
      rateLimitMaxClients: 100_000,
      logLevel: 'info',
    });
  });

  it('derives BASE_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(parseConfig({ PORT: '8080' }).baseUrl).toBe('http://localhost:8080');
    expect(parseConfig({ BASE_URL: 'https://api.example.com/' }).baseUrl).toBe('https://api.example.com');
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
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('refuses an upstream deadline the server would cut the client connection before, and says why', () => {
    expect(CATALOG_ORIGIN_TIMEOUT_MAX_MS).toBeLessThan(SERVER_TIMEOUTS.socketTimeout);
    expect(parseConfig({ CATALOG_ORIGIN_TIMEOUT_MS: String(CATALOG_ORIGIN_TIMEOUT_MAX_MS) })).toMatchObject({
      catalogOriginTimeoutMs: CATALOG_ORIGIN_TIMEOUT_MAX_MS,
    });
    for (const value of [CATALOG_ORIGIN_TIMEOUT_MAX_MS + 1, SERVER_TIMEOUTS.socketTimeout, 120_000]) {
      expect(() => parseConfig({ CATALOG_ORIGIN_TIMEOUT_MS: String(value) })).toThrow(
        new RegExp(
          `CATALOG_ORIGIN_TIMEOUT_MS="${value}": must be at most ${CATALOG_ORIGIN_TIMEOUT_MAX_MS} ms: ` +
            `the server closes a client connection after ${SERVER_TIMEOUTS.socketTimeout} ms without traffic`,
        ),
      );
    }
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
});
