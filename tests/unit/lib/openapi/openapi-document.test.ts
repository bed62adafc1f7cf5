import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '../../../../src/lib/config/config.ts';
import { API_ROUTE_OPERATIONS, PATH_ROUTES } from '../../../../src/server/routes.ts';

/** The paths the route table marks as API paths, with their methods. */
const API_ROUTE_METHODS = Object.fromEntries(
  [...PATH_ROUTES].filter(([, route]) => route.api).map(([path, route]) => [path, route.methods]),
);
import { buildOpenApiDocument } from '../../../../src/lib/openapi/build-openapi-document.ts';
import {
  HTTP_METHODS,
  type HeaderObject,
  type OperationObject,
  type ReferenceObject,
  type ResponseObject,
} from '../../../../src/lib/openapi/openapi-types.ts';
import { OpenApiDocumentSchema } from '../../../../src/lib/schemas/openapi.ts';
import { SchemaValidator } from '../../../helpers/contract/schema-validator.ts';

const BASE = 'https://biomarkers.example.org';
const document = buildOpenApiDocument({ baseUrl: BASE, catalogOriginPublicUrl: undefined }, API_ROUTE_OPERATIONS);
const schemas = document.components.schemas;

const resolve = <T>(node: T | ReferenceObject): T =>
  typeof node === 'object' && node !== null && '$ref' in node
    ? (node.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], document) as T)
    : node;

/** Every operation with its path and method. */
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
);

/** Every response of every operation, resolved. */
const responses = operations.flatMap(({ path, method, operation }) =>
  Object.entries(operation.responses).map(([status, node]) => ({
    where: `${method.toUpperCase()} ${path} ${status}`,
    status,
    response: resolve<ResponseObject>(node),
  })),
);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1.0 with the OAS 3.1 dialect, version 1.0.0, a license and the guide', () => {
    expect(OpenApiDocumentSchema.safeParse(document).success).toBe(true);
    expect(document).toMatchObject({
      openapi: '3.1.0',
      jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
      info: { version: '1.0.0', license: { identifier: 'MIT' } },
      servers: [{ url: BASE }],
      externalDocs: { url: `${BASE}/developers` },
    });
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it('lists only BASE_URL while the catalog origin is private (the default), whatever CATALOG_ORIGIN_URL is', () => {
    expect(document.paths['/v1/biomarkers/public']?.servers).toBeUndefined();
    expect(JSON.stringify(document)).not.toMatch(/:4322\b/);
    const config = parseConfig({ BASE_URL: BASE, CATALOG_ORIGIN_URL: 'http://origin.internal:8080' });
    const upstream = buildOpenApiDocument(config, API_ROUTE_OPERATIONS);
    expect(upstream.servers.map((server) => server.url)).toEqual([BASE]);
    expect(upstream.paths['/v1/biomarkers/public']?.servers).toBeUndefined();
    expect(JSON.stringify(upstream)).not.toContain('origin.internal');
  });

  it('names the catalog origin on the catalog path only when CATALOG_ORIGIN_PUBLIC_URL publishes it', () => {
    const published = buildOpenApiDocument(
      parseConfig({ BASE_URL: BASE, CATALOG_ORIGIN_PUBLIC_URL: 'https://origin.example.net/' }),
      API_ROUTE_OPERATIONS,
    );
    expect(published.servers.map((server) => server.url)).toEqual([BASE]);
    expect(published.paths['/v1/biomarkers/public']?.servers?.map((server) => server.url)).toEqual([
      BASE,
      'https://origin.example.net',
    ]);
    const others = Object.entries(published.paths).filter(([path]) => path !== '/v1/biomarkers/public');
    for (const [path, item] of others) expect(item.servers, path).toBeUndefined();
  });

  it('documents every API route with exactly the methods it serves, plus OPTIONS', () => {
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(API_ROUTE_METHODS).sort());
    for (const [path, methods] of Object.entries(API_ROUTE_METHODS)) {
      const documented = HTTP_METHODS.filter((method) => document.paths[path]?.[method] !== undefined);
      expect(documented.sort(), path).toEqual([...methods.map((m) => m.toLowerCase()), 'options'].sort());
    }
  });

  it('gives every operation a unique operationId, a summary, a description and a tag', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of operations) {
      expect(operation.summary.length).toBeGreaterThan(0);
      expect(operation.description.length).toBeGreaterThan(0);
      expect(document.tags.map((tag) => tag.name)).toContain(operation.tags[0]);
    }
  });

  it('offers the catalog anonymously or with a catalog.read token from {BASE_URL}/oauth/token', () => {
    const catalog = document.paths['/v1/biomarkers/public']!;
    expect(catalog.get?.security).toEqual([{}, { oauth2: ['catalog.read'] }]);
    expect(document.components.securitySchemes['oauth2']).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: `${BASE}/oauth/token`, scopes: { 'catalog.read': expect.any(String) } } },
    });
    const template = resolve(catalog.get!.parameters![0]!) as { name: string; schema: Record<string, unknown> };
    expect(template.name).toBe('template');
    expect(template.schema['default']).toBe('public-complete-eu');
    expect(template.schema['enum']).toHaveLength(4);
  });

  it.each([
    ['/v1/biomarkers/public', 'get', ['200', '304', '400', '405', '412', '429', '500', '502']],
    ['/oauth/token', 'post', ['200', '400', '401', '405', '413', '429', '500']],
    ['/openapi.json', 'get', ['200', '304', '405', '412', '429', '500']],
    // A probe costs no quota; only past the ceiling of uncounted requests is it refused.
    ['/healthz', 'head', ['200', '405', '429', '500', '503']],
    ['/.well-known/oauth-protected-resource', 'options', ['204', '429']],
  ] as const)('documents every status %s %s really returns', (path, method, statuses) => {
    const operation = document.paths[path]?.[method] as OperationObject;
    expect(Object.keys(operation.responses).sort()).toEqual([...statuses].sort());
  });

  it('puts the rate-limit headers on every response, Retry-After on every 429 and nowhere else', () => {
    const rateLimit = ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
    for (const { where, status, response } of responses) {
      const headers = Object.keys(response.headers ?? {});
      expect(headers, where).toEqual(expect.arrayContaining(rateLimit));
      expect(headers.includes('Retry-After'), where).toBe(status === '429');
      for (const name of headers) expect(resolve<HeaderObject>(response.headers![name]!).schema, where).toBeDefined();
    }
  });

  it('sends every 4xx and 5xx as a Problem, except the RFC 6749 errors of the token endpoint', () => {
    for (const { where, status, response } of responses) {
      if (Number(status) < 400) continue;
      const [type, ...others] = Object.keys(response.content ?? {});
      expect(others, where).toEqual([]);
      // A readiness 503 is a Health body ("draining"), not an error of the request: no Problem
      // code describes it, and probes read only the status.
      if (/^(GET|HEAD) \/healthz 503/.test(where)) {
        expect(response.content?.['application/json']?.schema, where).toEqual({ $ref: '#/components/schemas/Health' });
      } else if (where.startsWith('POST /oauth/token 4') && !['405', '429'].includes(status)) {
        expect(response.content?.['application/json']?.schema, where).toEqual({
          $ref: '#/components/schemas/OAuthTokenError',
        });
      } else {
        expect(type, where).toBe('application/problem+json');
        expect(response.content?.['application/problem+json']?.schema, where).toEqual({
          $ref: '#/components/schemas/Problem',
        });
      }
    }
  });

  it('has examples that match their schemas', () => {
    const validator = new SchemaValidator(document);
    let checked = 0;
    for (const { where, response } of responses) {
      for (const media of Object.values(response.content ?? {})) {
        const examples: unknown[] = media.example === undefined ? [] : [media.example];
        examples.push(...Object.values(media.examples ?? {}).map((example) => example.value));
        for (const example of examples) {
          expect(validator.validate(media.schema!, example), where).toEqual([]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });
});

describe('components.schemas from zod', () => {
  it('forbids additional properties on the strict shapes and allows them on the catalog shapes', () => {
    const strict = ['Translation', 'Problem', 'OAuthTokenError', 'TokenRequest', 'TokenSuccess'];
    for (const id of [...strict, 'AuthorizationServerMetadata', 'ProtectedResourceMetadata']) {
      expect(schemas[id]?.['additionalProperties'], id).toBe(false);
    }
    for (const id of ['BiomarkerCatalog', 'BiomarkerCatalogItem', 'Category', 'OpenApiDocument']) {
      expect(schemas[id]?.['additionalProperties'], id).not.toBe(false);
    }
  });

  it('refers between shapes through components.schemas and carries no $id or $schema of its own', () => {
    expect(schemas['BiomarkerCatalog']?.['properties']).toMatchObject({
      data: { items: { $ref: '#/components/schemas/BiomarkerCatalogItem' } },
    });
    for (const [id, schema] of Object.entries(schemas)) {
      expect(schema['$id'], id).toBeUndefined();
      expect(schema['$schema'], id).toBeUndefined();
    }
  });

  it('describes TokenRequest as what a client sends: grant_type required, scope and client_id optional', () => {
    expect(schemas['TokenRequest']).toMatchObject({
      type: 'object',
      required: ['grant_type'],
      properties: { grant_type: { const: 'client_credentials' }, scope: { const: 'catalog.read' } },
    });
  });

  it('takes only the shapes the document uses from the registry', () => {
    z.string().meta({ id: 'UnrelatedShape' });
    const again = buildOpenApiDocument({ baseUrl: BASE, catalogOriginPublicUrl: undefined }, API_ROUTE_OPERATIONS);
    expect(Object.keys(again.components.schemas)).not.toContain('UnrelatedShape');
    expect(Object.keys(again.components.schemas).sort()).toEqual(Object.keys(schemas).sort());
  });
});
