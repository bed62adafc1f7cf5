import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/lib/config/config.ts';
import { openApiDocumentOf } from '../../../../src/lib/site-pages/render-services.ts';

describe("the API reference's OpenAPI document, from a render's configuration", () => {
  const first = parseConfig({ BASE_URL: 'https://one.example' });
  const second = parseConfig({ BASE_URL: 'https://two.example' });

  it("names each site's own servers, for two sites configured differently in one process", () => {
    expect(openApiDocumentOf(first).servers.map((server) => server.url)).toEqual(['https://one.example']);
    expect(openApiDocumentOf(second).servers.map((server) => server.url)).toEqual(['https://two.example']);
    expect(openApiDocumentOf(second).externalDocs?.url).toBe('https://two.example/developers');
  });

  it('is built once per configuration, not once per render', () => {
    expect(openApiDocumentOf(first)).toBe(openApiDocumentOf(first));
  });
});
