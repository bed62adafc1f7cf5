import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildOpenApiDocument } from '../../src/lib/openapi/build-openapi-document.ts';
import { serialiseOpenApi } from '../../src/lib/openapi/openapi-representations.ts';
import { serveOpenApi } from '../../src/lib/openapi/serve-openapi.ts';

const document = buildOpenApiDocument({
  baseUrl: 'https://biomarkers.example.org',
  catalogOriginPublicUrl: undefined,
});
const { json, yaml } = serialiseOpenApi(document);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const get = (headers: Record<string, string> = {}) => new Request('https://x/openapi.json', { headers });

describe('the OpenAPI representations', () => {
  it('are the same document as JSON and as YAML, without YAML anchors', () => {
    expect(JSON.parse(text(json.identity.body))).toEqual(document);
    expect(parse(text(yaml.identity.body))).toEqual(document);
    expect(text(yaml.identity.body)).not.toMatch(/[&*]a\d+\b/);
  });

  it('each carry a strong ETag of their own bytes, one per coding', () => {
    expect(json.identity.etag).toMatch(/^"[\w-]{27}"$/);
    expect(yaml.identity.etag).toMatch(/^"[\w-]{27}"$/);
    expect(json.identity.etag).not.toBe(yaml.identity.etag);
    expect(json.gzip.etag).not.toBe(json.identity.etag);
    expect(serialiseOpenApi(document).json.identity.etag).toBe(json.identity.etag);
  });
});

describe('serveOpenApi', () => {
  it('serves 200 with the media type, ETag, Content-Length and five minutes of caching', async () => {
    const response = serveOpenApi(get(), yaml);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/yaml');
    expect(response.headers.get('etag')).toBe(yaml.identity.etag);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(response.headers.get('content-length'))).toBe(yaml.identity.body.length);
    expect(await response.text()).toBe(text(yaml.identity.body));
  });

  it('answers a matching If-None-Match with 304 and no body, and another with 200', async () => {
    const notModified = serveOpenApi(get({ 'If-None-Match': `"other", ${json.identity.etag}` }), json);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(json.identity.etag);
    expect(notModified.headers.get('content-type')).toBeNull();
    expect(await notModified.text()).toBe('');
    expect(serveOpenApi(get({ 'If-None-Match': yaml.identity.etag }), json).status).toBe(200);
  });

  it('compresses for clients that accept it', () => {
    const response = serveOpenApi(get({ 'Accept-Encoding': 'gzip, br' }), json);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(Number(response.headers.get('content-length'))).toBeLessThan(json.identity.body.length / 3);
  });
});
