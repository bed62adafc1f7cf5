import { describe, expect, it } from 'vitest';
import { sharedInProcessSite, startInProcess } from '../helpers/site.ts';

/** The headers every response carries, and the policies pages and images add (docs/security.md lists what each defends). */
const server = sharedInProcessSite();

describe('every response', () => {
  it('sends nosniff, a referrer and a permissions policy, CORS and noindex outside production on every response', async () => {
    const get = server.client();
    for (const path of ['/', '/nope', '/v1/biomarkers/public']) {
      const response = await get(server.url + path, { method: path === '/' ? 'DELETE' : 'GET' });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toBe(
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
      );
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining.*Retry-After.*ETag/);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS when BASE_URL is https, and drops noindex in production', async () => {
    const prod = await startInProcess({ BASE_URL: 'https://catalog.example', DEPLOY_ENV: 'production' });
    try {
      const response = await fetch(`${prod.url}/`);
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(response.headers.get('x-robots-tag')).toBeNull();
    } finally {
      await prod.stop();
    }
  });
});

describe('pages and images', () => {
  it('puts a strict Content-Security-Policy on HTML, and denies powerful features to pages', async () => {
    const response = await server.client()(`${server.url}/`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(response.headers.get('permissions-policy')).toMatch(/^accelerometer=\(\), camera=\(\), .*usb=\(\)$/);
  });

  it('sends pages, and the browser error pages, with COOP and CORP same-origin; the API stays readable anywhere', async () => {
    const get = server.client();
    for (const path of ['/developers', '/no-such-page']) {
      const page = await get(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(page.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(page.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
    const catalog = await get(`${server.url}/v1/biomarkers/public`);
    expect(catalog.headers.get('cross-origin-resource-policy')).toBeNull();
    expect(catalog.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves SVG images with a policy that lets no script run', async () => {
    const response = await server.client()(`${server.url}/favicon.svg`);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});
