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
      logClientAddress: 'truncated',
      metricsHost: '127.0.0.1',
      metricsPort: 9464,
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
