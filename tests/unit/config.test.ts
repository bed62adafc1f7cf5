import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config/config.ts';

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
      keepAliveTimeoutMs: 65_000,
      shutdownDelayMs: 5_000,
      shutdownTimeoutMs: 20_000,
    });
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
    ['KEEP_ALIVE_TIMEOUT_S', '0'],
    ['SHUTDOWN_DELAY_S', 'soon'],
    ['SHUTDOWN_TIMEOUT_S', '0'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
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
