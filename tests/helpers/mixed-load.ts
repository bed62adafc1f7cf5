import { Agent, request } from 'node:http';

/** What a client saw for one request through nginx. */
export interface Outcome {
  kind: string;
  status: number | string;
}

/** One request of the mixed load. */
export interface LoadRequest {
  kind: string;
  method: string;
  path: string;
  body?: string;
}

/** The mixed load: catalog GETs, pages in both forms, discovery, and token POSTs. */
export const REQUESTS: readonly LoadRequest[] = [
  { kind: 'catalog', method: 'GET', path: '/v1/biomarkers/public?template=public-complete-eu' },
  { kind: 'token', method: 'POST', path: '/oauth/token', body: 'grant_type=client_credentials' },
  { kind: 'page', method: 'GET', path: '/developers' },
  { kind: 'catalog', method: 'GET', path: '/v1/biomarkers/public?template=public-v2-light-uk' },
  { kind: 'markdown', method: 'GET', path: '/de/auth.md' },
  { kind: 'token', method: 'POST', path: '/oauth/token', body: 'grant_type=client_credentials&scope=catalog.read' },
  { kind: 'discovery', method: 'GET', path: '/.well-known/oauth-authorization-server' },
  { kind: 'catalog', method: 'HEAD', path: '/v1/biomarkers/public?template=public-light-eu' },
];

/**
 * Half of them token POSTs, which a proxy never retries once sent: a request lost in a restart shows as a failure
 * here, where a GET would be retried on the other instance.
 */
export const REQUESTS_HALF_TOKENS: readonly LoadRequest[] = REQUESTS.filter(({ kind }) => kind !== 'token').flatMap(
  (spec, i) => [spec, REQUESTS[i % 2 === 0 ? 1 : 5]!],
);

let counter = 0;
/** A fresh client address per request (documentation and benchmarking ranges), so no client nears its quota. */
function nextClientAddress(): string {
  counter += 1;
  return `198.${18 + ((counter >> 16) & 1)}.${(counter >> 8) & 0xff}.${counter & 0xff}`;
}

/** Clients keep their connections to nginx, as browsers and API clients do. */
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One request, as if from a new client behind a CDN (the CDN's `X-Forwarded-For` entry,
 * which nginx extends; the instances trust both hops); resolves with the status or the error code.
 */
export function send(port: number, spec: LoadRequest, path = spec.path, via: Agent | false = agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      Accept: 'application/json, text/html;q=0.9',
      'X-Forwarded-For': nextClientAddress(),
    };
    if (spec.body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const req = request({ host: '127.0.0.1', port, path, method: spec.method, headers, agent: via }, (res) => {
      res.resume();
      res.once('end', () => resolve({ kind: spec.kind, status: res.statusCode ?? 0 }));
      res.once('error', (error: NodeJS.ErrnoException) => resolve({ kind: spec.kind, status: error.code ?? 'error' }));
    });
    req.setTimeout(20_000, () => req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })));
    req.once('error', (error: NodeJS.ErrnoException) => resolve({ kind: spec.kind, status: error.code ?? 'error' }));
    req.end(spec.body);
  });
}

/** A running mixed load: what its clients saw so far, and how to end it. */
export interface MixedLoad {
  outcomes: Outcome[];
  /** Lets each client finish its request in flight, then resolves with every outcome. */
  stop(): Promise<Outcome[]>;
}

/**
 * 16 clients sending `requests` in turn through `port` (nginx), each waiting for its answer before the next; more
 * clients than that need an agent of their own (`via`) with as many sockets.
 */
export function startMixedLoad(
  port: number,
  clients = 16,
  requests: readonly LoadRequest[] = REQUESTS,
  via: Agent = agent,
): MixedLoad {
  const outcomes: Outcome[] = [];
  let running = true;
  let next = 0;
  const client = async () => {
    while (running) outcomes.push(await send(port, requests[next++ % requests.length]!, undefined, via));
  };
  const all = Array.from({ length: clients }, client);
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(all);
      return outcomes;
    },
  };
}

/** Closes the clients' kept-alive connections. */
export const closeMixedLoad = (): void => agent.destroy();
