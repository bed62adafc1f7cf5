import type { WrkRequest } from './wrk.ts';

/** One response class of the benchmark: the request wrk sends and the status it must get. */
export interface ResponseClass {
  name: string;
  request: WrkRequest;
  expected: number;
}

const gzip = { 'Accept-Encoding': 'gzip' };
export const CATALOG_PATH = '/v1/biomarkers/public';

/** The catalog GET, as a client that takes gzip asks for it. */
export const CATALOG: ResponseClass = {
  name: `GET ${CATALOG_PATH}`,
  request: { method: 'GET', path: CATALOG_PATH, headers: { Accept: 'application/json', ...gzip } },
  expected: 200,
};

/** Every class, the catalog's 304 included once its ETag is known. */
export function responseClasses(catalogEtag: string): ResponseClass[] {
  const get = (name: string, path: string, accept: string, expected = 200): ResponseClass => ({
    name,
    request: { method: 'GET', path, headers: { Accept: accept, ...gzip } },
    expected,
  });
  return [
    CATALOG,
    {
      name: `GET ${CATALOG_PATH} 304`,
      request: { ...CATALOG.request, headers: { ...CATALOG.request.headers, 'If-None-Match': catalogEtag } },
      expected: 304,
    },
    get('GET /developers (HTML)', '/developers', 'text/html,application/xhtml+xml,*/*;q=0.8'),
    get('GET /developers.md', '/developers.md', 'text/markdown,*/*;q=0.8'),
    get('GET /.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server', 'application/json'),
    get('GET /no-such-page (404)', '/no-such-page', 'text/html,application/xhtml+xml,*/*;q=0.8', 404),
    get('GET /openapi.json', '/openapi.json', 'application/json'),
    {
      name: 'POST /oauth/token',
      request: {
        method: 'POST',
        path: '/oauth/token',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', ...gzip },
        body: 'grant_type=client_credentials&scope=catalog.read',
      },
      expected: 200,
    },
  ];
}

/** The mixed load after which memory is read: catalog and its 304, pages in both forms and locales, tokens, 404s. */
export function mixedLoad(catalogEtag: string): WrkRequest[] {
  const page = (path: string, accept: string): WrkRequest => ({
    method: 'GET',
    path,
    headers: { Accept: accept, ...gzip },
  });
  const classes = responseClasses(catalogEtag).map((entry) => entry.request);
  return [
    ...classes,
    page('/de/developers', 'text/html'),
    page('/webhooks', 'text/markdown'),
    page('/de/webhooks.md', 'text/markdown'),
    page('/auth', 'text/html'),
    page('/de/no-such-page', 'text/markdown'),
    page('/llms.txt', 'text/plain'),
  ];
}

/** The performance targets on the 2-core machine (docs/performance.md, "How to measure"). */
export const TARGETS = {
  ratio: 0.8,
  p99Ms: 5,
  startUpMs: 200,
  idleRssMb: 100,
  loadedRssMb: 200,
  /** "The same throughput" with --max-old-space-size=128, read as at least this share of the default's. */
  smallHeapRatio: 0.9,
  /** RSS through the classes and the mixed load with the image's heap limit: the manifests' memory limit. */
  heapLimitedRssMb: 256,
  /** Throughput with the image's heap limit, at least this share of the default heap's (same run). */
  heapLimitedRatio: 0.95,
  /** The catalog's throughput with the shared rate-limit store on loopback, at least this share of the per-instance limiter's. */
  storeRatio: 0.6,
} as const;
