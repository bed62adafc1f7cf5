import { request, type IncomingHttpHeaders } from 'node:http';
import { negotiate } from '../../src/lib/http/accept.ts';
import { chooseEncoding } from '../../src/lib/http/conditional.ts';
import { CODINGS } from '../../src/lib/http/representation.ts';
import { CATALOG_TEMPLATES } from '../../src/lib/schemas/catalog.ts';

/** One answer as a cache's client sees it: nothing decoded. */
export interface EdgeReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request of the mix: what a client sends and how a shared cache may treat its answer. */
export interface EdgeRequest {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * `shared`: one answer for every client until it goes stale; `private`: one client's (a filtered view); `token`:
   * never stored.
   */
  kind: 'shared' | 'private' | 'token';
}

/** One request from `localAddress` (a loopback address of its own: a client of its own to the cache and the site). */
export function edgeRequest(
  baseUrl: string,
  spec: Pick<EdgeRequest, 'method' | 'path' | 'headers' | 'body'>,
  localAddress?: string,
): Promise<EdgeReply> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${spec.path}`, {
      method: spec.method ?? 'GET',
      headers: {
        ...(spec.body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
        ...spec.headers,
      },
      agent: false,
      timeout: 20_000,
      ...(localAddress === undefined ? {} : { localAddress }),
    });
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.once('error', reject);
    });
    req.once('timeout', () => req.destroy(new Error(`${spec.path}: no answer in 20 s`)));
    req.once('error', reject);
    req.end(spec.body);
  });
}

/** What a browser, an agent and a plain client send. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const AGENT_ACCEPT = 'text/markdown, text/html;q=0.9, */*;q=0.1';
const CODING_HEADERS: Record<string, string | undefined> = {
  br: 'gzip, deflate, br, zstd',
  gzip: 'gzip, deflate',
  identity: undefined,
};

const withCoding = (coding: string, headers: Record<string, string> = {}): Record<string, string> => {
  const acceptEncoding = CODING_HEADERS[coding];
  return acceptEncoding === undefined ? headers : { ...headers, 'Accept-Encoding': acceptEncoding };
};

/**
 * The mix a cache in front of the service sees: the four catalog templates in every coding, pages as HTML and as
 * Markdown (by `Accept` and by `.md`), German pages, discovery, OpenAPI, llms.txt, two filtered views and a token
 * request. `marker` is the key of a marker page; `round` changes a cache-buster's value.
 */
export function edgeMix(marker: string, round = 0): EdgeRequest[] {
  const catalog = CATALOG_TEMPLATES.flatMap((template) =>
    Object.keys(CODING_HEADERS).map((coding): EdgeRequest => ({
      name: `catalog ${template} ${coding}`,
      path: `/v1/biomarkers/public?template=${template}`,
      headers: withCoding(coding, { Accept: 'application/json' }),
      kind: 'shared',
    })),
  );
  const page = (name: string, path: string, accept: string, coding = 'br'): EdgeRequest => ({
    name,
    path,
    headers: withCoding(coding, { Accept: accept }),
    kind: 'shared',
  });
  return [
    ...catalog,
    // A cache-buster: the catalog reads `template` alone, so this is the stored copy too.
    {
      name: 'catalog with a cache-buster',
      path: `/v1/biomarkers/public?_=${round}&template=${CATALOG_TEMPLATES[1]}`,
      headers: withCoding('br', { Accept: 'application/json' }),
      kind: 'shared',
    },
    // A client that sends its token: the catalog ignores it, so the stored copy serves it too.
    {
      name: 'catalog with a token',
      path: `/v1/biomarkers/public?template=${CATALOG_TEMPLATES[0]}`,
      headers: withCoding('br', { Accept: 'application/json', Authorization: 'Bearer any-token' }),
      kind: 'shared',
    },
    page('guide html', '/developers', BROWSER_ACCEPT),
    page('guide html gzip', '/developers', BROWSER_ACCEPT, 'gzip'),
    page('guide markdown by Accept', '/developers', AGENT_ACCEPT),
    page('guide markdown twin', '/developers.md', '*/*'),
    page('German guide', '/de/developers', BROWSER_ACCEPT),
    page('German twin', '/de/developers.md', 'text/markdown'),
    page('marker page', `/biomarkers/${marker}`, BROWSER_ACCEPT),
    page('marker page markdown', `/biomarkers/${marker}`, 'text/markdown'),
    page('German marker page', `/de/biomarkers/${marker}`, BROWSER_ACCEPT),
    page('marker list', '/biomarkers', BROWSER_ACCEPT),
    page('authorization server metadata', '/.well-known/oauth-authorization-server', 'application/json'),
    page('protected resource metadata', '/.well-known/oauth-protected-resource', 'application/json'),
    page('OpenAPI JSON', '/openapi.json', 'application/json'),
    page('OpenAPI YAML', '/api/openapi.yaml', '*/*'),
    page('llms.txt', '/llms.txt', '*/*'),
    { ...page('filter vitamin', '/biomarkers?q=vitamin', BROWSER_ACCEPT), kind: 'private' },
    { ...page('filter UK light panel', '/biomarkers?panel=public-v2-light-uk', BROWSER_ACCEPT), kind: 'private' },
    {
      name: 'token',
      method: 'POST',
      path: '/oauth/token',
      body: 'grant_type=client_credentials&client_id=edge-test',
      kind: 'token',
    },
  ];
}

/** The media type and coding the site chooses for `spec` by its own negotiation (src/lib/http). */
export function expectedRepresentation(spec: EdgeRequest): { type: string; coding: string | undefined } {
  const accept = spec.headers?.['Accept'];
  const coding = chooseEncoding(spec.headers?.['Accept-Encoding'], CODINGS);
  const path = spec.path.split('?')[0]!;
  if (path.startsWith('/v1/') || path.startsWith('/.well-known/') || path === '/openapi.json')
    return { type: 'application/json', coding };
  if (path.endsWith('.yaml')) return { type: 'application/yaml', coding };
  if (path.endsWith('.txt') || path.endsWith('.md'))
    return { type: path.endsWith('.md') ? 'text/markdown' : 'text/plain', coding };
  const markdown = negotiate(accept, ['text/html', 'text/markdown']) === 'text/markdown';
  return { type: markdown ? 'text/markdown' : 'text/html', coding };
}
