import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildOpenApiDocument } from '../../src/lib/openapi/build-openapi-document.ts';
import { serialiseOpenApi } from '../../src/lib/openapi/openapi-representations.ts';
import { serveOpenApi } from '../../src/lib/openapi/serve-openapi.ts';

const document = buildOpenApiDocument({
  baseUrl: 'https://biomarkers.example.org',
  catalogOriginUrl: undefined,
  catalogOriginPort: 4322,
});
const { json, yaml } = serialiseOpenApi(document);
const get = (headers: Record<string, string> = {}) => new Request('https://x/openapi.json', { headers });

describe('the OpenAPI representations', () => {
  it('are the same document as JSON and as YAML, without YAML anchors', () => {
    expect(JSON.parse(json.body.toString())).toEqual(document);
    expect(parse(yaml.body.toString())).toEqual(document);
    expect(yaml.body.toString()).not.toMatch(/[&*]a\d+\b/);
  });

  it('each carry a strong ETag of their own bytes', () => {
    expect(json.etag).toMatch(/^"[\w-]{32}"$/);
    expect(yaml.etag).toMatch(/^"[\w-]{32}"$/);
    expect(json.etag).not.toBe(yaml.etag);
    expect(serialiseOpenApi(document).json.etag).toBe(json.etag);
  });
});

describe('serveOpenApi', () => {
  it('serves 200 with the media type, ETag, Content-Length and five minutes of caching', async () => {
    const response = serveOpenApi(get(), yaml);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/yaml');
    expect(response.headers.get('etag')).toBe(yaml.etag);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Number(response.headers.get('content-length'))).toBe(yaml.body.length);
    expect(await response.text()).toBe(yaml.body.toString());
  });

  it('answers a matching If-None-Match with 304 and no body, and another with 200', async () => {
    const notModified = serveOpenApi(get({ 'If-None-Match': `"other", ${json.etag}` }), json);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(json.etag);
    expect(notModified.headers.get('content-type')).toBeNull();
    expect(await notModified.text()).toBe('');
    expect(serveOpenApi(get({ 'If-None-Match': yaml.etag }), json).status).toBe(200);
  });
});
