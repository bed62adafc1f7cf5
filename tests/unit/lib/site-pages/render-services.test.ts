import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/lib/config/config.ts';
import type { ApiOperation } from '../../../../src/lib/openapi/operations.ts';
import { openApiDocumentGetter } from '../../../../src/lib/site-pages/render-services.ts';
import { API_ROUTE_OPERATIONS } from '../../../../src/server/routes.ts';

describe("the API reference's OpenAPI document, as a composition root hands it to renders", () => {
  const first = parseConfig({ BASE_URL: 'https://one.example' });
  const second = parseConfig({ BASE_URL: 'https://two.example' });

  it("names each site's own servers, for two sites configured differently in one process", () => {
    const one = openApiDocumentGetter(first, API_ROUTE_OPERATIONS);
    const two = openApiDocumentGetter(second, API_ROUTE_OPERATIONS);
    expect(one().servers.map((server) => server.url)).toEqual(['https://one.example']);
    expect(two().servers.map((server) => server.url)).toEqual(['https://two.example']);
    expect(two().externalDocs?.url).toBe('https://two.example/developers');
  });

  it('lists the operations it is given, built on the first call and once, not once per render', () => {
    let built = 0;
    const [catalog] = API_ROUTE_OPERATIONS;
    const counted: ApiOperation = {
      ...catalog!,
      pathItem: (config) => {
        built += 1;
        return catalog!.pathItem(config);
      },
    };
    const document = openApiDocumentGetter(first, [counted]);
    expect(built).toBe(0);
    expect(Object.keys(document().paths)).toEqual([counted.path]);
    expect(document()).toBe(document());
    expect(built).toBe(1);
  });
});
