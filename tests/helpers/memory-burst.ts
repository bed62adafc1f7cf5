import { request } from 'node:http';
import { connect, Socket } from 'node:net';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { sitemapPaths } from './site-pages.ts';

/**
 * The bursts that took a fresh pod past its memory limit, as the security review sent them, for the process-level test
 * (tests/integration/memory-burst.load.test.ts) and the container test (tests/container/memory-burst.test.ts) alike:
 * every marker page of the sitemap at once from six addresses, straight after that their Markdown twins from six
 * others, then ten addresses' worth of distinct filtered views of the biomarker browser while one more address asks
 * for a view of its own. Every client stays within its quota (CATALOG_POLICY): nothing here is an abuse the rate
 * limit could refuse.
 */

/** The manifests' memory limit (deploy/kubernetes/deployment.yaml, `limits.memory`). */
export const MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * The most memory the service may reach under these bursts: the memory limit less the margin docs/performance.md
 * states under "Memory" (32 MiB, an eighth of the limit). A peak above it fails both tests.
 */
export const MEMORY_BUDGET_BYTES = MEMORY_LIMIT_BYTES - 32 * 1024 * 1024;

/** The longest a documented answer may take: well inside a proxy's read timeout (nginx's 15 s in docs/deployment.md). */
const ANSWER_BUDGET_MS = 10_000;

/** A client gives up on an answer after this long, as the documented nginx block does (`proxy_read_timeout`). */
const CLIENT_TIMEOUT_MS = 15_000;

/**
 * Connections opened at a time before a wave, and the pause after each batch: well under the listen backlog (511, Node's
 * default), so that the kernel's accept queue never overflows into resets that have nothing to do with the service.
 */
const CONNECT_BATCH = 100;
const CONNECT_PAUSE_MS = 20;

/** The addresses sending each wave, as `X-Forwarded-For`; each sends at most its quota in a window. */
const PAGE_CLIENTS = addresses('203.0.113', 1, 6);
const TWIN_CLIENTS = addresses('203.0.113', 11, 6);
const VIEW_CLIENTS = addresses('198.51.100', 1, 10);
const BYSTANDER = '198.51.100.200';
const SITEMAP_CLIENT = '192.0.2.1';
/** Distinct filtered views per flooding address: its whole quota. */
const VIEWS_PER_CLIENT = CATALOG_POLICY.limit;
/** The bystander's views, one after the other while the flood runs. */
const BYSTANDER_VIEWS = 5;

const WORDS = ['glu', 'chol', 'hdl', 'eisen', 'vit', 'b12', 'tsh', 'ferr', 'kreat', 'leber', 'prot', 'natrium'];

/** What one request of a burst got. */
interface BurstAnswer {
  path: string;
  /** The status, or the error's code when no answer came (`ECONNRESET`, `timeout`). */
  status: number | string;
  retryAfter: string | undefined;
  /** From sending the request to the answer's last byte. */
  ms: number;
}

/** One wave of the sequence (the bystander's views run beside the flood's). */
export type Wave = 'pages' | 'twins' | 'views' | 'bystander';

/** What each wave got. */
export type BurstAnswers = Record<Wave, BurstAnswer[]>;

/**
 * One GET as if from `address` behind a trusted proxy, with a browser's `Accept-Encoding`; on `socket` when given (a
 * connection opened beforehand, as a proxy keeps them to its upstream).
 */
function get(baseUrl: string, path: string, address: string, socket?: Socket): Promise<BurstAnswer> {
  const started = performance.now();
  const answer = (status: number | string, retryAfter?: string): BurstAnswer => ({
    path,
    status,
    retryAfter,
    ms: performance.now() - started,
  });
  return new Promise((resolve) => {
    const headers = { 'X-Forwarded-For': address, 'Accept-Encoding': 'gzip, deflate, br, zstd' };
    // No agent with a socket of our own: `agent: false` would open a connection of its own beside it.
    const connection = socket === undefined ? { agent: false as const } : { createConnection: () => socket };
    const req = request(`${baseUrl}${path}`, { headers, ...connection }, (res) => {
      const retryAfter = res.headers['retry-after'];
      res.resume();
      res.once('end', () => resolve(answer(res.statusCode ?? 0, retryAfter)));
      res.once('error', (error: NodeJS.ErrnoException) => resolve(answer(error.code ?? 'error')));
    });
    req.setTimeout(CLIENT_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.once('error', (error: NodeJS.ErrnoException) => resolve(answer(error.code ?? 'error')));
    req.end();
  });
}

/** A connection to `baseUrl`'s host, once established; the error when it could not be. */
function connection(baseUrl: string): Promise<Socket | NodeJS.ErrnoException> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error));
  });
}

/** `count` addresses of a documentation range (RFC 5737), starting at `first`. */
function addresses(range: string, first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${range}.${first + i}`);
}

/**
 * `count` connections to `baseUrl`, opened before a wave so that its requests can all be written in the same turn, as
 * a proxy forwards a crowd over the connections it keeps (a fresh connection each would be accepted one per turn,
 * which spreads the burst out).
 */
async function connections(baseUrl: string, count: number): Promise<Array<Socket | NodeJS.ErrnoException>> {
  const sockets: Array<Socket | NodeJS.ErrnoException> = [];
  while (sockets.length < count) {
    const batch = Math.min(CONNECT_BATCH, count - sockets.length);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, () => connection(baseUrl)))));
    await new Promise((resolve) => setTimeout(resolve, CONNECT_PAUSE_MS));
  }
  return sockets;
}

/** Every path requested at once, `paths[i]` from `clients[i % clients.length]` on `sockets[i]`. */
function send(
  baseUrl: string,
  paths: readonly string[],
  clients: readonly string[],
  sockets: ReadonlyArray<Socket | NodeJS.ErrnoException>,
): Promise<BurstAnswer[]> {
  return Promise.all(
    paths.map((path, i) => {
      const socket = sockets[i]!;
      if (!(socket instanceof Socket)) return { path, status: socket.code ?? 'error', retryAfter: undefined, ms: 0 };
      return get(baseUrl, path, clients[i % clients.length]!, socket);
    }),
  );
}

/** A wave: its connections opened, then every request at once. */
const wave = async (baseUrl: string, paths: readonly string[], clients: readonly string[]) =>
  send(baseUrl, paths, clients, await connections(baseUrl, paths.length));

/** The marker pages of the sitemap: one per key and locale (`/biomarkers/<key>`, `/de/biomarkers/<key>`). */
async function markerPaths(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/sitemap.xml`, { headers: { 'X-Forwarded-For': SITEMAP_CLIENT } });
  if (response.status !== 200) throw new Error(`/sitemap.xml answered ${response.status}`);
  return sitemapPaths(await response.text()).filter((path) => /^(\/de)?\/biomarkers\/[^/]+$/.test(path));
}

/** The views the flood asks for: each distinct, half in English and half in German, some with a region. */
function floodPaths(): string[] {
  return Array.from({ length: VIEW_CLIENTS.length * VIEWS_PER_CLIENT }, (_, i) => {
    const page = i % 2 ? '/de/biomarkers' : '/biomarkers';
    const region = i % 3 === 0 ? '&region=uk' : '';
    return `${page}?q=${WORDS[i % WORDS.length]}${i}${region}`;
  });
}

/**
 * Runs the sequence against a fresh instance at `baseUrl` (started with `TRUST_PROXY=1`), each wave once the one before
 * has had every answer: the marker pages, their `.md` twins, then the filtered-view flood and the bystander's views.
 * `observe` is called after each wave (e.g. to read the memory peak so far).
 */
export async function runMemoryBurst(baseUrl: string, observe: (wave: Wave) => void = () => {}): Promise<BurstAnswers> {
  const pages = await markerPaths(baseUrl);
  const pageAnswers = await wave(baseUrl, pages, PAGE_CLIENTS);
  observe('pages');
  const twinAnswers = await wave(
    baseUrl,
    pages.map((path) => `${path}.md`),
    TWIN_CLIENTS,
  );
  observe('twins');
  const views = floodPaths();
  const flood = send(baseUrl, views, VIEW_CLIENTS, await connections(baseUrl, views.length));
  // Once the flood's requests are on their way: the bystander's views queue behind them.
  const bystander = (async () => {
    const answers: BurstAnswer[] = [];
    for (let i = 0; i < BYSTANDER_VIEWS; i += 1) {
      answers.push(await get(baseUrl, `/biomarkers?q=bystander${i}`, BYSTANDER));
    }
    return answers;
  })();
  const [viewAnswers, bystanderAnswers] = await Promise.all([flood, bystander]);
  observe('views');
  return { pages: pageAnswers, twins: twinAnswers, views: viewAnswers, bystander: bystanderAnswers };
}

/** Per wave, how many answers of each status, and the slowest: `pages 176×200 4×503 max 2.1 s; …`. */
export function summarize(answers: BurstAnswers): string {
  return Object.entries(answers)
    .map(([name, list]) => {
      const counts = new Map<string, number>();
      for (const { status } of list) counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
      const statuses = [...counts].map(([status, count]) => `${count}×${status}`).join(' ');
      const slowest = Math.max(0, ...list.map(({ ms }) => ms));
      return `${name} ${statuses} max ${(slowest / 1000).toFixed(1)} s`;
    })
    .join('; ');
}

/**
 * The answers that are not documented ones, described (`GET /biomarkers/tsh.md: ECONNRESET after 10.2 s`): anything
 * but a 200 or a 503 with `Retry-After`, and any answer slower than {@link ANSWER_BUDGET_MS}.
 */
export function undocumented(answers: BurstAnswers): string[] {
  return Object.values(answers)
    .flat()
    .filter(
      ({ status, retryAfter, ms }) =>
        !(status === 200 || (status === 503 && retryAfter !== undefined)) || ms > ANSWER_BUDGET_MS,
    )
    .map(({ path, status, retryAfter, ms }) => {
      const header = status === 503 && retryAfter === undefined ? ' without Retry-After' : '';
      return `GET ${path}: ${status}${header} after ${(ms / 1000).toFixed(1)} s`;
    });
}
